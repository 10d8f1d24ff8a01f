// "/" is the home page (alias of /pages/home/home).
export { ErrorBoundary, default, handle, loader, meta } from "./pages.home.home/route";
