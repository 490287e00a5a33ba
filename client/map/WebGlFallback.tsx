import { useRef } from 'react';

/** Replaces the map when WebGL is missing, with a dialog on how to turn it on in three browsers. */
export function WebGlFallback() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  return (
    <div className="map-fallback" data-testid="map-fallback">
      <p>The map needs WebGL, which is turned off or not available in this browser.</p>
      <button type="button" className="button" onClick={() => dialogRef.current?.showModal()}>
        How to enable WebGL
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby="webgl-dialog-title">
        <h2 id="webgl-dialog-title">Enable WebGL</h2>
        <dl>
          <dt>Chrome</dt>
          <dd>
            Open Settings → System and turn on &ldquo;Use graphics acceleration when available&rdquo;, then
            relaunch Chrome. If the map still does not show, open chrome://gpu and check that WebGL is listed
            as &ldquo;Hardware accelerated&rdquo;.
          </dd>
          <dt>Firefox</dt>
          <dd>
            Open about:config, search for webgl.disabled and set it to false, then restart Firefox. Also check
            that Settings → General → Performance allows hardware acceleration.
          </dd>
          <dt>Safari</dt>
          <dd>
            On macOS open Safari → Settings → Advanced, tick &ldquo;Show features for web developers&rdquo;,
            then in Develop → Feature Flags make sure WebGL is enabled, and reload the page.
          </dd>
        </dl>
        <p>The asset list keeps working without the map.</p>
        <form method="dialog">
          <button type="submit" className="button">
            Close
          </button>
        </form>
      </dialog>
    </div>
  );
}
