/** The address a person opens: a wildcard HOST is reached as localhost. */
function openUrl(host: string, port: number) {
  const name = ["0.0.0.0", "::", ""].includes(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The start output ends with the one thing a person needs, in plain words (printed once). */
export function announce(host: string, port: number) {
  process.stdout.write(`Colour Lottery is running at ${openUrl(host, port)}\n`);
}
