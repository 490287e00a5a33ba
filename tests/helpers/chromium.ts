// How every browser test and the browser benchmark start Debian's Chromium: software WebGL (SwiftShader, so
// MapLibre renders headless) and nothing running in the background (this machine has no network to reach).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
