// MapLibre draws with WebGL; without it the dashboard shows a fallback and explains how to turn it on.

export function isWebGlAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
