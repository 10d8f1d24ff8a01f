import type { Config } from "tailwindcss";

/** Mobile-first; the brand colour is the spec's pink theme colour. Dark mode follows a class on <html>. */
export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    extend: {
      colors: {
        // pink-600/700 keep white text above 4.5:1 contrast.
        brand: { DEFAULT: "#db2777", dark: "#be185d", light: "#fce7f3" },
        up: "#16a34a",
        down: "#dc2626",
      },
      zIndex: { navbar: "980", tabbar: "1000", popup: "10075", mask: "10070", toast: "10090" },
      minHeight: { touch: "44px" },
      minWidth: { touch: "44px" },
      keyframes: {
        progress: { "0%": { transform: "translateX(-100%)" }, "100%": { transform: "translateX(300%)" } },
      },
      animation: { progress: "progress 1s ease-in-out infinite" },
    },
  },
  plugins: [],
} satisfies Config;
