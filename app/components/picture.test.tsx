// @vitest-environment happy-dom

import { render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { imageDimensions, jpegUrl, lightboxSlide } from "#app/images/image-urls.ts";
import { Picture } from "./picture.tsx";

describe("<Picture>", () => {
  it("offers AVIF and WebP sources and a JPEG fallback over every derived width", () => {
    const { container } = render(
      <Picture collection="artworks" name="the-source-of-novelty" alt="A golden lattice" sizes="50vw" />,
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
    const { container } = render(<Picture collection="artworks" name="the-source-of-novelty" alt="" sizes="100vw" />);
    const img = container.querySelector("img");
    expect(Number(img?.getAttribute("width")) / Number(img?.getAttribute("height"))).toBeCloseTo(10 / 7, 2);
    expect(img?.getAttribute("style")).toMatch(/background-image: .*gradient/);
  });

  it("is lazy by default and eager with high fetch priority when it is the priority image", () => {
    const lazy = render(<Picture collection="home" name="hero-studio" alt="" sizes="100vw" />).container;
    expect(lazy.querySelector("img")?.getAttribute("loading")).toBe("lazy");
    expect(lazy.querySelector("img")?.getAttribute("fetchpriority")).toBeNull();
    const eager = render(<Picture collection="home" name="hero-studio" alt="" sizes="100vw" priority />).container;
    expect(eager.querySelector("img")?.getAttribute("loading")).toBe("eager");
    expect(eager.querySelector("img")?.getAttribute("fetchpriority")).toBe("high");
  });

  it("refuses an image nobody declared, so a typo fails the build", () => {
    expect(() => render(<Picture collection="home" name="no-such-image" alt="" sizes="100vw" />)).toThrow(
      /list it in content\/images\/.*\.yaml/,
    );
  });
});

describe("image URLs for meta tags and the lightbox", () => {
  it("gives the JPEG URL at the derived width at or above the one asked for", () => {
    expect(jpegUrl("artworks", "the-source-of-novelty", 1200)).toBe("/img/artworks-1200/the-source-of-novelty.jpg");
    expect(jpegUrl("artworks", "the-source-of-novelty", 1000)).toBe("/img/artworks-1200/the-source-of-novelty.jpg");
    expect(jpegUrl("artworks", "the-source-of-novelty", 5000)).toBe("/img/artworks-1920/the-source-of-novelty.jpg");
  });

  it("builds a lightbox slide with sizes that keep the aspect", () => {
    const slide = lightboxSlide("artworks", "the-source-of-novelty", "Alt");
    expect(slide.src).toBe("/img/artworks-1920/the-source-of-novelty.jpg");
    expect(slide.width).toBe(1920);
    expect(slide.height).toBe(1344);
    expect(slide.srcSet.map((s) => s.width)).toEqual([400, 800, 1200, 1920]);
    expect(slide.srcSet[0]).toEqual({ src: "/img/artworks-400/the-source-of-novelty.jpg", width: 400, height: 280 });
    expect(imageDimensions("artworks", "the-source-of-novelty")).toEqual({ width: 2400, height: 1680 });
  });

  it("preloads the priority image's AVIF from <head>, and nothing for lazy images", () => {
    const page = (priority: boolean) =>
      renderToString(
        <html lang="en">
          <head />
          <body>
            <Picture collection="home" name="hero-studio" alt="" sizes="100vw" priority={priority} />
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
