/**
 * Rendering the photo set into public/media/sample: only what is missing, four at a time.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { loadSite, readJsonFile } from "~/tenant/load";
import { offersFileSchema } from "~/tenant/schemas/offers";
import { replaceFile } from "../../lib/public-files";
import { DEFAULT_BANNER, OFFER_BANNERS } from "../content/offers";
import type { TenantProfile } from "../tenants/profile";
import { SAMPLE_TENANTS } from "../tenants/samples";
import { at, readHead, SAMPLES_DIR } from "../util";
import { historyReportPdf, locationPhotoSvg, offerBannerSvg } from "./artwork";
import { BODY_KINDS, bodyModel } from "./bodies";
import { PAINTS, type Paint } from "./colour";
import {
  cabinDetailSvg,
  caravanInteriorSvg,
  interiorSvg,
  TRIMS,
  type Trim,
  wheelDetailSvg,
} from "./interiors";
import {
  BODY_PAINTS,
  backdropFor,
  EXTERIOR_VIEWS,
  type ExteriorView,
  exteriorFile,
  MEDIA_BASE,
  RIM_OF,
  SPIN_COMBOS,
  SPIN_FRAMES,
  spinCamera,
  spinFile,
} from "./photo-set";
import { carSceneSvg } from "./scene";

interface ImageJob {
  /** Path under public/. */
  file: string;
  svg: () => string;
  thumb: boolean;
  /** JPEG quality (default 78). */
  quality?: number;
}

/** Bump when drawings change: files rendered by an older version are redrawn. */
const IMAGE_VERSION = 2;

/** Photos drawn from a sample tenant's committed files: its offers' banners and its location photos. */
function tenantJobs(profile: TenantProfile, tenantsDir: string): ImageJob[] {
  const dir = path.join(tenantsDir, profile.slug);
  if (!existsSync(path.join(dir, "site.json"))) return [];
  const { theme } = loadSite(tenantsDir, profile.slug);
  const offersFile = path.join(dir, "offers.json");
  const offers = existsSync(offersFile) ? offersFileSchema.parse(readJsonFile(offersFile)) : [];
  const jobs: ImageJob[] = offers
    .filter((offer) => offer.image_url?.startsWith(`${MEDIA_BASE}/offers/`))
    .map((offer) => {
      const [kind, paint] = OFFER_BANNERS[offer.id] ?? DEFAULT_BANNER;
      return {
        file: (offer.image_url as string).slice(1),
        thumb: false,
        svg: () => offerBannerSvg({ title: offer.name, category: offer.category ?? "", theme, kind, paint }),
      };
    });
  for (const d of profile.dealerships) {
    jobs.push({
      file: `media/sample/locations/${d.slug}.jpg`,
      thumb: false,
      svg: () => locationPhotoSvg({ name: d.name, theme, rv: profile.rv ?? false }),
    });
  }
  return jobs;
}

function imageJobs(profiles: TenantProfile[], tenantsDir: string): ImageJob[] {
  const jobs: ImageJob[] = [];
  const media = (file: string) => `media/sample/${file}`;
  for (const kind of BODY_KINDS) {
    const model = bodyModel(kind);
    for (const paint of BODY_PAINTS[kind]) {
      for (const [view, yaw] of Object.entries(EXTERIOR_VIEWS) as [ExteriorView, number][]) {
        jobs.push({
          file: media(exteriorFile(kind, paint, view)),
          thumb: true,
          svg: () => carSceneSvg({ model, paint: PAINTS[paint], yaw, backdrop: backdropFor(kind, paint) }),
        });
      }
    }
  }
  for (const trim of Object.keys(TRIMS) as Trim[]) {
    for (const view of ["dash", "seats", "rear-seats", "cargo"] as const) {
      jobs.push({
        file: media(`interior-${trim}-${view}.jpg`),
        thumb: true,
        svg: () => interiorSvg(view, trim),
      });
    }
  }
  const wheels = new Set<string>();
  for (const kind of BODY_KINDS) {
    const paints =
      kind === "caravan" || kind === "camper" || kind === "motorhome"
        ? (["white"] as Paint[])
        : BODY_PAINTS[kind];
    for (const paint of paints) wheels.add(`${RIM_OF[kind]}-${paint}`);
  }
  for (const key of [...wheels].sort()) {
    const [rim, paint] = key.split("-") as ["alloy" | "dark" | "steel", Paint];
    jobs.push({
      file: media(`detail-wheel-${rim}-${paint}.jpg`),
      thumb: true,
      svg: () => wheelDetailSvg(PAINTS[paint], rim),
    });
  }
  for (const view of ["screen", "cluster", "engine"] as const) {
    jobs.push({ file: media(`detail-${view}.jpg`), thumb: true, svg: () => cabinDetailSvg(view) });
  }
  for (const view of ["lounge", "bed", "bathroom"] as const) {
    jobs.push({ file: media(`caravan-${view}.jpg`), thumb: true, svg: () => caravanInteriorSvg(view) });
  }
  for (const [kind, paint] of SPIN_COMBOS) {
    const model = bodyModel(kind);
    for (let frame = 0; frame < SPIN_FRAMES; frame++) {
      jobs.push({
        file: media(spinFile(kind, paint, frame)),
        thumb: false,
        quality: 74,
        svg: () =>
          carSceneSvg({
            model,
            paint: PAINTS[paint],
            yaw: spinCamera(kind, frame).yaw,
            backdrop: "studio",
            fixedFrame: true,
          }),
      });
    }
  }
  for (const profile of profiles) jobs.push(...tenantJobs(profile, tenantsDir));
  return jobs;
}

const thumbPath = (file: string) => file.replace("media/sample/", "media/sample/thumbs/");

function missingJobs(jobs: ImageJob[], publicDir: string): ImageJob[] {
  const manifest = path.join(publicDir, "media/sample/.version");
  const current = existsSync(manifest) && readHead(manifest, 32).trim() === String(IMAGE_VERSION);
  if (!current) return jobs;
  return jobs.filter(
    (job) =>
      !existsSync(path.join(publicDir, job.file)) ||
      (job.thumb && !existsSync(path.join(publicDir, thumbPath(job.file)))),
  );
}

async function renderJobs(jobs: ImageJob[], publicDir: string): Promise<number> {
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = at(jobs, next++);
      const out = path.join(publicDir, job.file);
      const { data, info } = await sharp(Buffer.from(job.svg()))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
      const jpeg = { quality: job.quality ?? 78, progressive: true, mozjpeg: true } as const;
      replaceFile(out, await sharp(data, raw).jpeg(jpeg).toBuffer());
      written++;
      if (job.thumb) {
        const thumb = path.join(publicDir, thumbPath(job.file));
        replaceFile(
          thumb,
          await sharp(data, raw)
            .resize(320, 213)
            .jpeg({ ...jpeg, quality: 74 })
            .toBuffer(),
        );
        written++;
      }
    }
  };
  const parallel = Math.max(2, Math.min(4, os.availableParallelism()));
  await Promise.all(Array.from({ length: parallel }, worker));
  return written;
}

/**
 * Renders every missing photo of the sample tenants (and the history report); returns how many
 * files were written. Banners and location photos follow the tenants' committed files in `tenantsDir`.
 */
export async function ensureImages(
  publicDir: string,
  profiles: TenantProfile[] = SAMPLE_TENANTS,
  tenantsDir = SAMPLES_DIR,
): Promise<number> {
  let written = 0;
  const report = path.join(publicDir, "media/sample/history-report.pdf");
  if (!existsSync(report)) {
    replaceFile(report, historyReportPdf());
    written++;
  }
  const todo = missingJobs(imageJobs(profiles, tenantsDir), publicDir);
  if (todo.length > 0) {
    // About 30 s on a fresh clone: say so, or a first `npm start` looks hung.
    console.log(
      `Rendering ${todo.length} sample photos into ${path.relative(process.cwd(), publicDir) || "."}/media/sample…`,
    );
    const started = performance.now();
    written += await renderJobs(todo, publicDir);
    console.log(
      `Rendered ${todo.length} sample photos in ${((performance.now() - started) / 1000).toFixed(1)}s`,
    );
    replaceFile(path.join(publicDir, "media/sample/.version"), `${IMAGE_VERSION}\n`);
  }
  return written;
}
