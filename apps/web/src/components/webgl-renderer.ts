/**
 * Whether this browser draws WebGL in software (SwiftShader, llvmpipe: no GPU, a remote desktop, a
 * VM, headless Chromium). 3Dmol.js antialiases by drawing at twice the resolution, four times the
 * pixels, which a GPU absorbs and a CPU rasteriser feels in every rotation and dialog animation.
 */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software/i;

export const isSoftwareRenderer = (renderer: string): boolean => SOFTWARE_RENDERER.test(renderer);

let software: boolean | undefined;

/** Asked once per page from a throwaway context (the renderer string is the unmasked one in current browsers). */
export function rendersWebglInSoftware(): boolean {
  if (software !== undefined) return software;
  const gl = document.createElement('canvas').getContext('webgl');
  if (!gl) return (software = false);
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return (software = isSoftwareRenderer(renderer));
}
