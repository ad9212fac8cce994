// Dynamic route segments arrive percent-encoded (an id's colons as %3A); a malformed escape is kept
// as it is, and then fails the page's id check like any other bad id.
export function decodedParams<P extends Record<string, string>>(params: P): P {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      decoded[name] = value;
    }
  }
  return decoded as P;
}
