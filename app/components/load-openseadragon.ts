import type OpenSeadragon from "openseadragon";
// OpenSeadragon ships only as a UMD script. Loaded as a classic script file (like the header's
// script, decision 011) rather than bundled, so no CommonJS interop enters the shared chunks:
// every other page's JavaScript stays byte for byte what it was.
import openSeadragonUrl from "openseadragon/build/openseadragon/openseadragon.min.js?url";

type OpenSeadragonLibrary = typeof OpenSeadragon;

let loading: Promise<OpenSeadragonLibrary> | undefined;

/** OpenSeadragon, its script added to the page on first call; later calls share it. */
export function loadOpenSeadragon(): Promise<OpenSeadragonLibrary> {
  loading ??= new Promise<OpenSeadragonLibrary>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = openSeadragonUrl;
    script.async = true;
    script.onload = () => {
      const library = (window as unknown as { OpenSeadragon?: OpenSeadragonLibrary }).OpenSeadragon;
      if (library) resolve(library);
      else reject(new Error("OpenSeadragon loaded but did not start"));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error("OpenSeadragon could not be loaded"));
    };
    document.head.append(script);
  });
  return loading;
}
