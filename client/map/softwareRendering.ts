// Whether the map draws on software WebGL (issue 38): a virtual desktop or thin client without a GPU (Citrix, VMware
// Horizon) gives the browser a CPU rasterizer — SwiftShader in Chrome and in our headless tests, WARP ("Microsoft
// Basic Render Driver") on Windows, llvmpipe on Linux. There every pixel costs CPU, so the map draws at one device
// pixel per CSS pixel and without antialiasing, and the dashboard says so once (SoftwareRenderingNotice.tsx).
import { signal } from '@preact/signals-react';

/** Renderer strings of CPU rasterizers, as WebGL's (unmasked) RENDERER reports them. */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|microsoft basic render|\bwarp\b|software/i;

export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERERS.test(renderer);
}

/** The pixel ratio a software-rendered map draws at: a HiDPI screen's 2 would be four times the pixels. */
export const SOFTWARE_PIXEL_RATIO = 1;

export type MapRendering = { renderer: string; software: boolean };

/** The renderer of the WebGL context already on `canvas` (getContext answers the existing one), or null. */
export function renderingOf(canvas: HTMLCanvasElement): MapRendering | null {
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (!gl) return null;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  return { renderer, software: isSoftwareRenderer(renderer) };
}

/** Where the browser remembers that its user answered the software rendering notice (one answer per browser). */
export const SOFTWARE_NOTICE_STORAGE_KEY = 'fleetDashboard.softwareMapNotice';

/** What the mounted map draws with; null until a basemap that can tell (the offline one) has made its context. */
export const mapRendering = signal<MapRendering | null>(null);
