// The userland `punycode` package (imported as `punycode/` so Node's deprecated built-in is not picked).
declare module 'punycode/' {
  export function toUnicode(domain: string): string;
  export function toASCII(domain: string): string;
}
