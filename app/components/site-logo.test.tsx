// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { inlineSvg } from "#app/content/logo-markup.server.ts";
import { LogoMarkupContext, SiteLogo } from "./site-logo.tsx";

const markup = inlineSvg(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 40"><defs><radialGradient id="g"/></defs><circle fill="url(#g)" r="15"/></svg>',
);
const shell = { brand: "Umbra", logo: { src: "/logo.svg", width: 150, height: 40, drawn: true } };

function Logos({ drawn }: { drawn: boolean }) {
  const logo = { ...shell.logo, drawn };
  return (
    <>
      <SiteLogo shell={{ ...shell, logo }} placement="header" />
      <SiteLogo shell={{ ...shell, logo }} placement="footer" />
    </>
  );
}
function DrawnLogos() {
  return <Logos drawn />;
}
function ImageLogos() {
  return <Logos drawn={false} />;
}
const DrawnStub = createRoutesStub([{ path: "/", Component: DrawnLogos }]);
const ImageStub = createRoutesStub([{ path: "/", Component: ImageLogos }]);

function Page({ drawn = true }: { drawn?: boolean }) {
  return drawn ? <DrawnStub /> : <ImageStub />;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("SiteLogo", () => {
  it("draws the logo in the page on the server, each copy's ids its own, named by the brand", () => {
    const html = renderToString(
      <LogoMarkupContext.Provider value={markup}>
        <Page />
      </LogoMarkupContext.Provider>,
    );
    expect(html).toContain('role="img" aria-label="Umbra" data-logo="header"');
    expect(html).toContain('id="logo-header-g"');
    expect(html).toContain('fill="url(#logo-footer-g)"');
    expect(html).not.toContain("__logo__");
    expect(html).not.toContain("<img");
  });

  it("keeps the drawn logo when React starts in the browser, without its markup as page data", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(
      <LogoMarkupContext.Provider value={markup}>
        <Page />
      </LogoMarkupContext.Provider>,
    );
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelectorAll("img")).toHaveLength(0);
    expect(container.querySelector('[data-logo="header"] circle')?.getAttribute("fill")).toBe("url(#logo-header-g)");
    expect(container.querySelector('[data-logo="footer"] radialGradient')?.id).toBe("logo-footer-g");
  });

  it("is an image of the file when the logo is not drawn", () => {
    const html = renderToString(<Page drawn={false} />);
    expect(html).toContain('<img src="/logo.svg" alt="Umbra" width="150" height="40"/>');
  });
});
