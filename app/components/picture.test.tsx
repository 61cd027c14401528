// @vitest-environment happy-dom

import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { imageInfo } from "#app/images/image-info.server.ts";
import { jpegUrl, lightboxSlide } from "#app/images/image-urls.ts";
import { picturesFor } from "#app/images/picture-images.server.ts";
import type { ImageRef } from "#app/images/picture-images.ts";
import { Picture } from "./picture.tsx";
import { PictureImagesProvider } from "./picture-images.tsx";

const known: ImageRef[] = [
  { collection: "artworks", name: "the-source-of-novelty" },
  { collection: "home", name: "hero-studio" },
];

/** As a page renders it: inside the images its loader resolved (the real registry and originals). */
function onPage(ui: ReactNode, refs: ImageRef[] = known) {
  return <PictureImagesProvider images={picturesFor(refs)}>{ui}</PictureImagesProvider>;
}

describe("<Picture>", () => {
  it("offers AVIF and WebP sources and a JPEG fallback over every derived width", () => {
    const { container } = render(
      onPage(<Picture collection="artworks" name="the-source-of-novelty" alt="A golden lattice" sizes="50vw" />),
    );
    const [avif, webp] = Array.from(container.querySelectorAll("picture > source"));
    expect(avif?.getAttribute("type")).toBe("image/avif");
    expect(avif?.getAttribute("srcset")).toBe(
      "/img/artworks-400/the-source-of-novelty.avif 400w, /img/artworks-800/the-source-of-novelty.avif 800w, /img/artworks-1200/the-source-of-novelty.avif 1200w, /img/artworks-1920/the-source-of-novelty.avif 1920w",
    );
    expect(webp?.getAttribute("type")).toBe("image/webp");
    expect(webp?.getAttribute("sizes")).toBe("50vw");
    const img = container.querySelector("picture > img");
    expect(img?.getAttribute("src")).toBe("/img/artworks-800/the-source-of-novelty.jpg");
    expect(img?.getAttribute("srcset")).toContain("/img/artworks-1920/the-source-of-novelty.jpg 1920w");
    expect(img?.getAttribute("alt")).toBe("A golden lattice");
  });

  it("sets explicit 10:7 width and height and a placeholder background for artworks", () => {
    const { container } = render(
      onPage(<Picture collection="artworks" name="the-source-of-novelty" alt="" sizes="100vw" />),
    );
    const img = container.querySelector("img");
    expect(Number(img?.getAttribute("width")) / Number(img?.getAttribute("height"))).toBeCloseTo(10 / 7, 2);
    expect(img?.getAttribute("style")).toMatch(/background-image: .*gradient/);
  });

  it("is lazy by default and eager with high fetch priority when it is the priority image", () => {
    const lazy = render(onPage(<Picture collection="home" name="hero-studio" alt="" sizes="100vw" />)).container;
    expect(lazy.querySelector("img")?.getAttribute("loading")).toBe("lazy");
    expect(lazy.querySelector("img")?.getAttribute("fetchpriority")).toBeNull();
    const eager = render(
      onPage(<Picture collection="home" name="hero-studio" alt="" sizes="100vw" priority />),
    ).container;
    expect(eager.querySelector("img")?.getAttribute("loading")).toBe("eager");
    expect(eager.querySelector("img")?.getAttribute("fetchpriority")).toBe("high");
  });

  it("refuses an image nobody declared, so a typo fails the page's loader", () => {
    expect(() => picturesFor([{ collection: "home", name: "no-such-image" }])).toThrow(
      /list it in content\/images\/.*\.yaml/,
    );
  });

  it("refuses an image the page's loader did not resolve, so a forgotten one fails the page", () => {
    expect(() =>
      render(onPage(<Picture collection="home" name="hero-studio" alt="" sizes="100vw" />, [known[0] as ImageRef])),
    ).toThrow(/not resolved by the page's loader/);
  });
});

describe("image URLs for meta tags and the lightbox", () => {
  const novelty = imageInfo("artworks", "the-source-of-novelty");

  it("gives the JPEG URL at the derived width at or above the one asked for", () => {
    expect(jpegUrl(novelty, 1200)).toBe("/img/artworks-1200/the-source-of-novelty.jpg");
    expect(jpegUrl(novelty, 1000)).toBe("/img/artworks-1200/the-source-of-novelty.jpg");
    expect(jpegUrl(novelty, 5000)).toBe("/img/artworks-1920/the-source-of-novelty.jpg");
  });

  it("builds a lightbox slide with sizes that keep the aspect", () => {
    const slide = lightboxSlide(novelty, "Alt");
    expect(slide.src).toBe("/img/artworks-1920/the-source-of-novelty.jpg");
    expect(slide.width).toBe(1920);
    expect(slide.height).toBe(1344);
    expect(slide.srcSet.map((s) => s.width)).toEqual([400, 800, 1200, 1920]);
    expect(slide.srcSet[0]).toEqual({ src: "/img/artworks-400/the-source-of-novelty.jpg", width: 400, height: 280 });
    expect({ width: novelty.width, height: novelty.height }).toEqual({ width: 2400, height: 1680 });
  });

  it("preloads the priority image's AVIF from <head>, and nothing for lazy images", () => {
    const page = (priority: boolean) =>
      renderToString(
        <html lang="en">
          <head />
          <body>
            {onPage(<Picture collection="home" name="hero-studio" alt="" sizes="100vw" priority={priority} />)}
          </body>
        </html>,
      );
    const head = page(true).split("</head>")[0] ?? "";
    expect(head).toMatch(/<link rel="preload" as="image"[^>]*imageSrcSet="[^"]*\.avif(\?v=\w+)? 400w/);
    expect(head).toContain('type="image/avif"');
    expect(head).toContain('fetchPriority="high"');
    expect(page(false)).not.toContain('rel="preload" as="image"');
  });
});
