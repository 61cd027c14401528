import { fingerprint, readDocuments, readSnapshot } from "virtual:content/documents";
import { createContext } from "react-router";
import { type ArtworkRecord, shownWorks } from "#app/catalogue/artwork-record.ts";
import { Catalogue } from "#app/catalogue/catalogue.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import type { Exhibition, ExhibitionLink } from "#app/exhibitions/exhibition.ts";
import { exhibitionLinks } from "#app/exhibitions/exhibition-files.server.ts";
import type { PageImage } from "#app/images/page-image-files.server.ts";
import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import { ownEntry } from "#app/security/own-entry.ts";
import type { ContentSnapshot, PageTexts } from "./content-registry.server.ts";
import type { LongFormKind, LongFormPiece } from "./long-form-files.server.ts";

export type { ContentSnapshot, PageTexts } from "./content-registry.server.ts";

/**
 * What the build bundled: the snapshot it checked from every document of the content folder
 * (`virtual:content/documents`). Parsed, not checked again: the build refused anything invalid,
 * and checking 12,000 works again took over a second of every start (decision 053).
 */
export function bundledContent(): ContentSnapshot {
  return readSnapshot();
}

/**
 * The build's documents as a source: what the database starts from on a first start (decision
 * 039). Read afresh on each call and not kept: with 12,000 works they are tens of MB (decision 050).
 */
export function bundledDocuments(): DocumentSource {
  return new DocumentSource(new Map(Object.entries(readDocuments())), "content");
}

/** The fingerprint of the build's documents (app/content/content-fingerprint.ts). */
export function bundledFingerprint(): string {
  return fingerprint;
}

/** Views several pages share, derived once per snapshot rather than on every request. */
interface DerivedViews {
  catalogue: Catalogue;
  catalogueWithHidden: Catalogue;
  exhibitionLinks: ExhibitionLink[];
  exhibitionsBySlug: Map<string, Exhibition>;
}

function derive(snapshot: ContentSnapshot): DerivedViews {
  // Hidden works (decision 042) are on no public page: the public catalogue leaves them out.
  const shown = shownWorks(snapshot.collections.works);
  const catalogue = new Catalogue(shown);
  return {
    catalogue,
    // One catalogue while nothing is hidden: with 12,000 works a second costs ~115 ms and its indexes' memory.
    catalogueWithHidden:
      shown.length === snapshot.collections.works.length ? catalogue : new Catalogue(snapshot.collections.works),
    exhibitionLinks: exhibitionLinks(snapshot.collections.exhibitions),
    exhibitionsBySlug: new Map(snapshot.collections.exhibitions.map((exhibition) => [exhibition.slug, exhibition])),
  };
}

type ChangeListener = (version: number) => void;

/**
 * The site's content for one process: every public read goes through here (decision 038). Today
 * it starts from what the build bundled; `replace` swaps in a whole new snapshot at run time (the
 * database, once the studio edits in the browser), bumps `version` and tells the listeners, so
 * caches built from the old content can be dropped.
 */
export class ContentStore {
  #snapshot: ContentSnapshot;
  #derived: DerivedViews;
  #version = 1;
  readonly #listeners = new Set<ChangeListener>();

  constructor(snapshot: ContentSnapshot) {
    this.#snapshot = snapshot;
    this.#derived = derive(snapshot);
  }

  /** Starts at 1 and grows by one with each `replace`: a cache keyed by it is never stale. */
  get version(): number {
    return this.#version;
  }

  /** Swaps all content at once; readers see the old snapshot or the new one, never a mix. */
  replace(snapshot: ContentSnapshot): void {
    const derived = derive(snapshot);
    this.#snapshot = snapshot;
    this.#derived = derived;
    this.#version += 1;
    for (const listener of this.#listeners) listener(this.#version);
  }

  /** Called after each `replace` with the new version; returns the function that stops it. */
  onChange(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The whole current snapshot (for derived caches that rebuild on change). */
  snapshot(): ContentSnapshot {
    return this.#snapshot;
  }

  /** Brand, tagline, contact, prices, navigation labels: content/site.yaml. */
  siteSettings(): ContentSnapshot["site"] {
    return this.#snapshot.site;
  }

  /** One page's copy: content/pages/<name>.yaml. */
  page<Name extends keyof PageTexts>(name: Name): PageTexts[Name] {
    return this.#snapshot.pages[name];
  }

  /** The works' checked records, in catalogue order. */
  workRecords(): readonly ArtworkRecord[] {
    return this.#snapshot.collections.works;
  }

  /**
   * Every work the public site shows, with its lookups (find by slug, gallery cards, filter
   * options). A work the studio hid is not in it, so no public page, list or API finds it.
   */
  catalogue(): Catalogue {
    return this.#derived.catalogue;
  }

  /** Every work, hidden ones included: for viewing rooms, which may show a work before it is public (decision 042). */
  catalogueWithHidden(): Catalogue {
    return this.#derived.catalogueWithHidden;
  }

  /** Every exhibition's listing fields (menus, the index, the home page), in listing order. */
  exhibitionLinks(): readonly ExhibitionLink[] {
    return this.#derived.exhibitionLinks;
  }

  /** One exhibition's whole page, or undefined for an unknown slug. */
  findExhibition(slug: string | undefined): Exhibition | undefined {
    return slug === undefined ? undefined : this.#derived.exhibitionsBySlug.get(slug);
  }

  /** Articles or interviews, newest first, with their HTML as stored (long-form.server.ts sanitises it). */
  longForm(kind: LongFormKind): readonly LongFormPiece[] {
    return this.#snapshot.collections[kind];
  }

  /** A registered page image with its collection; a name no collection has is a content error. */
  pageImage(collection: string, name: string): PageImageRef {
    const found = ownEntry(this.#snapshot.collections.images, collection)?.find((image) => image.name === name);
    if (!found) throw new Error(`No page image "${name}" in content/images/${collection}.yaml`);
    return { collection, ...found };
  }

  /** Every page image (not artworks), by collection. */
  pageImages(): Readonly<Record<string, readonly PageImage[]>> {
    return this.#snapshot.collections.images;
  }
}

let bundledStore: ContentStore | undefined;

/**
 * The store over the bundled content, one per process: what the composition root hands to
 * routes (server/services.ts), and what a render without services reads (the build's
 * prerender, a test's bare router context). One instance, so a `replace` reaches every reader.
 */
export function processContentStore(): ContentStore {
  bundledStore ??= new ContentStore(bundledContent());
  return bundledStore;
}

/**
 * The content store, set per request from the services (server/router-context.ts). Loaders read
 * it with `context.get(contentStoreContext)`; the default is the process's store, so the build's
 * prerender (which has no services) renders the same content.
 */
export const contentStoreContext = createContext<ContentStore>(processContentStore());
