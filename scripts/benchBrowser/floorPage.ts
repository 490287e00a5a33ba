// The benchmark's floor: the least a page can do with the same websocket frames. A worker opens the same cable
// (same token, same organization; again a second after the server cuts it), parses each frame, writes the asset's
// position into one typed array and, once a second, hands the array to the page when the page has drawn the last
// one; the page uploads it and draws every point with one WebGL call. Its main-thread time and latency are what
// the dashboard is compared with. Without the reconnect, the floor at 25,000 assets was cut as a slow consumer
// during the warm-up and measured nothing.

/** The worker, as plain JavaScript (it runs from a Blob URL). */
const FLOOR_WORKER = String.raw`
let positions = new Float32Array(2 * 65536);
const indexOf = new Map();
let times = [];
let acknowledged = true;
let pending = false;
self.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'start') connect(message);
  if (message.type === 'drawn') { acknowledged = true; if (pending) flush(); }
};
function flush() {
  if (!acknowledged) { pending = true; return; }
  const copy = positions.slice(0, indexOf.size * 2);
  const sampled = Float64Array.from(times);
  times = [];
  acknowledged = false;
  pending = false;
  self.postMessage({ positions: copy, count: indexOf.size, times: sampled }, [copy.buffer, sampled.buffer]);
}
function connect({ cableUrl, token, organizationId, streetPrefix }) {
  const identifier = JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });
  // Like a dashboard, it opens the cable again a second after the server cut it (a slow consumer is cut).
  const open = () => {
    const socket = new WebSocket(cableUrl, ['datapumper', token]);
    socket.onclose = () => setTimeout(open, 1000);
    socket.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === 'welcome') { socket.send(JSON.stringify({ command: 'subscribe', identifier })); return; }
      const message = frame.message;
      if (!message || message.type !== 'point') return;
      const data = message.data;
      let index = indexOf.get(data.thing_id);
      if (index === undefined) { index = indexOf.size; indexOf.set(data.thing_id, index); }
      positions[index * 2] = data.lng;
      positions[index * 2 + 1] = data.lat;
      if (typeof data.street === 'string' && data.street.startsWith(streetPrefix)) {
        times.push(Number(data.street.slice(streetPrefix.length)));
      }
    };
  };
  open();
  setInterval(flush, 1000);
}
`;

export type FloorOptions = {
  token: string;
  organizationId: string;
  streetPrefix: string;
  center: [number, number];
};

/** Where the floor page is served by the benchmark's server (same origin as the cable, as the dashboard is). */
export const FLOOR_PATH = '/bench-floor';
/**
 * The page's script is a file of its own: the simulator's Content-Security-Policy, which the floor runs under as
 * the dashboard does, refuses inline script.
 */
export const FLOOR_SCRIPT_PATH = '/bench-floor.js';

/** The address of the floor page; its options travel in the fragment. */
export function floorPageUrl(origin: string, options: FloorOptions): string {
  return `${origin}${FLOOR_PATH}#${encodeURIComponent(JSON.stringify(options))}`;
}

/** The page: one canvas and its script. */
export function floorPageHtml(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>floor</title>
<style>html,body{margin:0;height:100%}canvas{width:100%;height:100%;display:block}</style></head>
<body><canvas id="map" data-testid="floor-map"></canvas><script src="${FLOOR_SCRIPT_PATH}"></script></body></html>`;
}

/** The page's script: one program, one buffer, one draw call per batch. */
export function floorPageScript(): string {
  return `
const options = JSON.parse(decodeURIComponent(location.hash.slice(1)));
const probes = window.__floorProbes = { shown: [], draws: 0, measuring: false };
const canvas = document.getElementById('map');
canvas.width = canvas.clientWidth; canvas.height = canvas.clientHeight;
const gl = canvas.getContext('webgl2');
const vs = '#version 300 es\\nin vec2 p; uniform vec2 c; uniform float s; void main(){ gl_Position = vec4((p - c) * s, 0.0, 1.0); gl_PointSize = 6.0; }';
const fs = '#version 300 es\\nprecision mediump float; out vec4 o; void main(){ o = vec4(0.1, 0.4, 0.8, 1.0); }';
const program = gl.createProgram();
for (const [type, source] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]]) {
  const shader = gl.createShader(type); gl.shaderSource(shader, source); gl.compileShader(shader); gl.attachShader(program, shader);
}
gl.linkProgram(program); gl.useProgram(program);
gl.uniform2f(gl.getUniformLocation(program, 'c'), options.center[0], options.center[1]);
gl.uniform1f(gl.getUniformLocation(program, 's'), 12.0);
const buffer = gl.createBuffer(); gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
const attribute = gl.getAttribLocation(program, 'p');
gl.enableVertexAttribArray(attribute); gl.vertexAttribPointer(attribute, 2, gl.FLOAT, false, 0, 0);
const worker = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(FLOOR_WORKER)}], { type: 'text/javascript' })));
worker.onmessage = (event) => {
  const { positions, count, times } = event.data;
  gl.bufferData(gl.ARRAY_BUFFER, positions, gl.DYNAMIC_DRAW);
  gl.clearColor(0.93, 0.94, 0.96, 1); gl.clear(gl.COLOR_BUFFER_BIT);
  gl.drawArrays(gl.POINTS, 0, count);
  requestAnimationFrame(() => {
    const now = Date.now();
    if (probes.measuring) { probes.draws += 1; for (const t of times) probes.shown.push([t, now]); }
    worker.postMessage({ type: 'drawn' });
  });
};
worker.postMessage({ type: 'start', cableUrl: location.origin.replace(/^http/, 'ws') + '/cable', ...options });
`;
}
