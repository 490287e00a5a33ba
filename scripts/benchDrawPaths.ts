// How a software GPU (SwiftShader, which draws WebGL for a browser without a usable GPU and in our benchmarks) pays
// for the three ways of drawing one marker quad per asset: an instanced draw (one quad, an instance per marker, as
// deck.gl's ScatterplotLayer and IconLayer draw), plain triangles (six vertices a marker, as the fleet layer
// draws, client/map/markerFleetLayer.ts) and points (one vertex a marker, as the benchmark's floor page draws).
// Each is timed over five draws in headless Chromium, read back with readPixels so the time is the GPU's, at 10,000
// and 25,000 markers, 2 px (nearly no pixels: the cost per marker) and 16 px (the smallest marker size).
//
//   npm run bench:draw
//
// The decision it backs is in docs/decisions.md (issue 10, fourth pass).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '#tests/helpers/chromium';

const COUNTS = [10_000, 25_000];
const SIZES = [2, 16];
const DRAWS = 5;

/** The disc every path draws: a ring over a fill, from a quad's corner coordinates or a point's. */
const disc = (uv: string) => `#version 300 es
precision highp float;
${uv === 'uv' ? 'in vec2 uv;' : ''}
out vec4 colour;
void main() {
  vec2 at = ${uv === 'uv' ? 'uv' : 'gl_PointCoord * 2.0 - 1.0'};
  float distance = length(at);
  if (distance > 1.0) discard;
  colour = distance > 0.8 ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 0.0, 1.0, 1.0);
}`;
const quadVertex = `#version 300 es
in vec2 corner;
in vec2 centre;
uniform vec2 halfSize;
out vec2 uv;
void main() { uv = corner; gl_Position = vec4(centre + corner * halfSize, 0.0, 1.0); }`;
const pointVertex = `#version 300 es
in vec2 centre;
uniform float size;
void main() { gl_PointSize = size; gl_Position = vec4(centre, 0.0, 1.0); }`;
/** The programs' sources, handed to the page function (which runs in the page, away from this module). */
const SHADERS = {
  quadVertex,
  quadFragment: disc('uv'),
  pointVertex,
  pointFragment: disc('point'),
};

type Timing = { count: number; size: number; instanced: number; triangles: number; points: number };

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // A GPU-composited browser, as bench:browser runs it: WebGL is drawn by SwiftShader in the GPU process.
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--disable-gpu'),
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent('<canvas id="c" width="1280" height="800"></canvas>');
    // tsx names the page function's inner functions through a helper the page lacks.
    await page.evaluate('window.__name = (target) => target');
    const timings = await page.evaluate(timeDrawPaths, {
      counts: COUNTS,
      sizes: SIZES,
      draws: DRAWS,
      shaders: SHADERS,
    });
    console.log('ms per draw (SwiftShader, 1280×800, readPixels after each draw)\n');
    console.log('markers  size px  instanced quads  plain triangles  points');
    for (const timing of timings) {
      console.log(
        `${String(timing.count).padStart(7)}  ${String(timing.size).padStart(7)}  ${timing.instanced.toFixed(1).padStart(15)}  ${timing.triangles.toFixed(1).padStart(15)}  ${timing.points.toFixed(1).padStart(6)}`,
      );
    }
  } finally {
    await browser.close();
  }
}

/** Runs in the page: builds the three programs over the same pseudo-random centres and times each. */
function timeDrawPaths({
  counts,
  sizes,
  draws,
  shaders,
}: {
  counts: number[];
  sizes: number[];
  draws: number;
  shaders: typeof SHADERS;
}): Timing[] {
  const canvas = document.getElementById('c') as HTMLCanvasElement;
  const gl = canvas.getContext('webgl2');
  if (!gl) throw new Error('no WebGL2');
  const compile = (vertex: string, fragment: string) => {
    const program = gl.createProgram();
    for (const [type, source] of [
      [gl.VERTEX_SHADER, vertex],
      [gl.FRAGMENT_SHADER, fragment],
    ] as const) {
      const shader = gl.createShader(type);
      if (!shader) throw new Error('no shader');
      gl.shaderSource(shader, source);
      gl.compileShader(shader);
      if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
        throw new Error(gl.getShaderInfoLog(shader) ?? '');
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    return program;
  };
  const instancedProgram = compile(shaders.quadVertex, shaders.quadFragment);
  const trianglesProgram = compile(shaders.quadVertex, shaders.quadFragment);
  const pointsProgram = compile(shaders.pointVertex, shaders.pointFragment);
  const attribute = (program: WebGLProgram, name: string, values: Float32Array, divisor = 0) => {
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, values, gl.STATIC_DRAW);
    const location = gl.getAttribLocation(program, name);
    gl.enableVertexAttribArray(location);
    gl.vertexAttribPointer(location, 2, gl.FLOAT, false, 0, 0);
    gl.vertexAttribDivisor(location, divisor);
  };
  gl.enable(gl.BLEND);
  gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
  const pixel = new Uint8Array(4);
  const time = (draw: () => void) => {
    draw();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    const start = performance.now();
    for (let round = 0; round < draws; round += 1) {
      gl.clear(gl.COLOR_BUFFER_BIT);
      draw();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    }
    return (performance.now() - start) / draws;
  };
  const corners = [-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1];
  const timings: Timing[] = [];
  for (const count of counts) {
    // A fixed sequence (a linear congruential generator), so every run draws the same centres.
    let seed = 1;
    const next = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648) * 2 - 1;
    const centres = Float32Array.from({ length: count * 2 }, next);
    const instancedVao = gl.createVertexArray();
    gl.bindVertexArray(instancedVao);
    attribute(instancedProgram, 'corner', new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]));
    attribute(instancedProgram, 'centre', centres, 1);
    const trianglesVao = gl.createVertexArray();
    gl.bindVertexArray(trianglesVao);
    const cornersPerVertex = new Float32Array(count * 12);
    const centresPerVertex = new Float32Array(count * 12);
    for (let marker = 0; marker < count; marker += 1) {
      for (let vertex = 0; vertex < 6; vertex += 1) {
        const at = marker * 12 + vertex * 2;
        cornersPerVertex[at] = corners[vertex * 2] ?? 0;
        cornersPerVertex[at + 1] = corners[vertex * 2 + 1] ?? 0;
        centresPerVertex[at] = centres[marker * 2] ?? 0;
        centresPerVertex[at + 1] = centres[marker * 2 + 1] ?? 0;
      }
    }
    attribute(trianglesProgram, 'corner', cornersPerVertex);
    attribute(trianglesProgram, 'centre', centresPerVertex);
    const pointsVao = gl.createVertexArray();
    gl.bindVertexArray(pointsVao);
    attribute(pointsProgram, 'centre', centres);
    for (const size of sizes) {
      const halfSize = [size / canvas.width, size / canvas.height];
      const instanced = time(() => {
        gl.useProgram(instancedProgram);
        gl.uniform2fv(gl.getUniformLocation(instancedProgram, 'halfSize'), halfSize);
        gl.bindVertexArray(instancedVao);
        gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);
      });
      const triangles = time(() => {
        gl.useProgram(trianglesProgram);
        gl.uniform2fv(gl.getUniformLocation(trianglesProgram, 'halfSize'), halfSize);
        gl.bindVertexArray(trianglesVao);
        gl.drawArrays(gl.TRIANGLES, 0, count * 6);
      });
      const points = time(() => {
        gl.useProgram(pointsProgram);
        gl.uniform1f(gl.getUniformLocation(pointsProgram, 'size'), size);
        gl.bindVertexArray(pointsVao);
        gl.drawArrays(gl.POINTS, 0, count);
      });
      timings.push({ count, size, instanced, triangles, points });
    }
  }
  return timings;
}

await main();
