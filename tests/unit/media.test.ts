import { describe, expect, it } from "vitest";
import {
  CDN_DEFAULT_QUALITY,
  CDN_DEFAULT_WIDTH,
  carPictures,
  cdnImage,
  cdnSizes,
  cdnSrcset,
  IMAGE_NOT_FOUND,
  parseImageRequest,
  showThumbnails,
  unlistedImageOrigins,
} from "~/features/media/media";
import {
  AUTO_ROTATE_MS,
  availableViewerModes,
  carVideo,
  defaultViewerMode,
  embeddableVideoUrl,
  externalSpinUrl,
  frameFromDrag,
  GALLERY_SIZE,
  gallerySlides,
  hotspotAngle,
  interiorHotspots,
  PIXELS_PER_FRAME,
  SPIN_SIZE,
  spinHotspots,
  stepFrame,
  VIDEO_ASPECT,
  VIEWER_MODE_LABELS,
  type ViewerMode,
  videoSlideIndex,
} from "~/features/media/viewer";
import { makeCar, makeSite, photo, photos } from "./helpers";

const frames = (count: number) => Array.from({ length: count }, (_, i) => `/media/spin/${i}.jpg`);
const kinds = (slides: ReturnType<typeof gallerySlides>) =>
  slides.map((slide) => (slide.kind === "video" ? "video" : slide.picture.url));

describe("spec §9 media constants", () => {
  it.each([
    ["video 16:9", VIDEO_ASPECT, { width: 16, height: 9 }],
    ["gallery 600x400", GALLERY_SIZE, { width: 600, height: 400 }],
    ["spin 600x400", SPIN_SIZE, { width: 600, height: 400 }],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it("steps 20 pixels per frame and auto-rotates every 100 ms", () => {
    expect(PIXELS_PER_FRAME).toBe(20);
    expect(AUTO_ROTATE_MS).toBe(100);
  });

  it("uses the image CDN defaults width 640, quality 75", () => {
    expect([CDN_DEFAULT_WIDTH, CDN_DEFAULT_QUALITY]).toEqual([640, 75]);
    expect(cdnImage("/media/a.jpg")).toBe("/.netlify/images?url=%2Fmedia%2Fa.jpg&w=640&q=75");
    expect(cdnSrcset("/media/a.jpg", [640, 960])).toBe(
      "/.netlify/images?url=%2Fmedia%2Fa.jpg&w=640&q=75 640w, /.netlify/images?url=%2Fmedia%2Fa.jpg&w=960&q=75 960w",
    );
    expect(cdnSrcset(IMAGE_NOT_FOUND, [640])).toBeUndefined();
  });
});

describe("feed photos on the tenant's image hosts go through the image CDN", () => {
  const hosts = ["https://photos.feed.example.com.au"];
  const photo = "https://photos.feed.example.com.au/cars/1/a.jpg?v=2";

  it.each([
    [photo, hosts, `/.netlify/images?url=${encodeURIComponent(photo)}&w=640&q=75`],
    [photo, [], photo],
    ["https://other.example.net/a.jpg", hosts, "https://other.example.net/a.jpg"],
    ["https://photos.feed.example.com.au/badge.svg", hosts, "https://photos.feed.example.com.au/badge.svg"],
    ["//photos.feed.example.com.au/a.jpg", hosts, "//photos.feed.example.com.au/a.jpg"],
    ["/media/a.jpg", [], "/.netlify/images?url=%2Fmedia%2Fa.jpg&w=640&q=75"],
  ])("%s on hosts %j → %s", (url, allowed, expected) => {
    expect(cdnImage(url, CDN_DEFAULT_WIDTH, CDN_DEFAULT_QUALITY, allowed)).toBe(expected);
  });

  it("gives a remote photo a srcset only when its host is listed", () => {
    expect(cdnSrcset(photo, [320, 640], hosts)).toBe(
      `/.netlify/images?url=${encodeURIComponent(photo)}&w=320&q=75 320w, /.netlify/images?url=${encodeURIComponent(photo)}&w=640&q=75 640w`,
    );
    expect(cdnSrcset(photo, [320], [])).toBeUndefined();
  });

  it("gives `sizes` only beside a srcset (a lone sizes is invalid HTML)", () => {
    expect(cdnSizes(photo, "100vw", hosts)).toBe("100vw");
    expect(cdnSizes(photo, "100vw", [])).toBeUndefined();
    expect(cdnSizes("/media/a.jpg", "(min-width: 960px) 55vw, 100vw")).toBe("(min-width: 960px) 55vw, 100vw");
    expect(cdnSizes(IMAGE_NOT_FOUND, "100vw")).toBeUndefined();
  });

  it("the CDN reads back the photo it was asked for, and refuses hosts it may not fetch", () => {
    const request = new URL(`http://x${cdnImage(photo, 480, 75, hosts)}`);
    expect(parseImageRequest(request, hosts)).toEqual({
      ok: true,
      path: photo,
      remote: true,
      width: 480,
      quality: 75,
    });
    expect(parseImageRequest(request, [])).toEqual({
      ok: false,
      error: "url must be a site-relative image path or a photo on this site's image hosts (none)",
    });
  });

  it("counts, per origin, the cars whose photos no listed host serves", () => {
    const cars = [
      makeCar({ id: 1, images: [{ url: photo }, { url: "https://other.example.net/1.jpg" }] }),
      makeCar({
        id: 2,
        images: [{ url: "https://other.example.net/2a.jpg" }, { url: "https://other.example.net/2b.jpg" }],
      }),
      makeCar({
        id: 3,
        images: [{ url: "/media/3.jpg" }],
        primary_image_url: "https://third.example.org/3.jpg",
      }),
    ];
    expect([...unlistedImageOrigins(cars, hosts)]).toEqual([
      ["https://other.example.net", 2],
      ["https://third.example.org", 1],
    ]);
  });

  it("does not count video entries as photos: a YouTube embed is no unlisted image host", () => {
    const cars = [
      makeCar({
        id: 1,
        images: [{ url: photo }, { url: "https://www.youtube.com/embed/mayDlofoLW9", video: true }],
      }),
      makeCar({ id: 2, images: [{ url: "https://www.youtube.com/embed/IgWKieSLt3d", video: true }] }),
    ];
    expect([...unlistedImageOrigins(cars, hosts)]).toEqual([]);
  });
});

describe("gallery thumbnails only when more than 3 images", () => {
  it.each([
    [1, false],
    [3, false],
    [4, true],
    [12, true],
  ])("%i photos → thumbnails %s", (count, shown) => {
    expect(showThumbnails(makeCar({ images: photos(count) }))).toBe(shown);
  });

  it("does not count the video entry as an image", () => {
    const car = makeCar({
      images: [...photos(3), { url: "https://www.youtube.com/embed/abcdefghijk", video: true }],
    });
    expect(showThumbnails(car)).toBe(false);
  });
});

describe("missing image shows the default image-not-found picture", () => {
  it("falls back when the car has no photos and no primary image", () => {
    expect(carPictures(makeCar({ images: [] }))).toEqual([
      {
        url: IMAGE_NOT_FOUND,
        thumb: IMAGE_NOT_FOUND,
        alt: "2022 Toyota Corolla Ascent Sport: image coming soon",
      },
    ]);
  });
});

describe("viewer modes: spinner, walkaround, gallery, interior", () => {
  const spinCar = {
    spin_images: frames(24),
    walkaround_videos: ["https://www.youtube.com/embed/abcdefghijk"],
    spin_interior_image: "/media/interior.jpg",
  };
  it.each<[string, Parameters<typeof makeCar>[0], ViewerMode[]]>([
    ["photos only: gallery", { images: photos(5) }, ["gallery"]],
    ["everything, in the spec's order", spinCar, ["spinner", "walkaround", "gallery", "interior"]],
    ["a single spin frame cannot spin", { spin_images: frames(1) }, ["gallery"]],
    ["empty walkaround list", { walkaround_videos: [" "] }, ["gallery"]],
    ["interior only", { spin_interior_image: "/media/interior.jpg" }, ["gallery", "interior"]],
  ])("only modes the car has data for (%s)", (_case, overrides, modes) => {
    expect(availableViewerModes(makeCar(overrides))).toEqual(modes);
  });

  it("labels the modes Spin, Walkaround, Gallery, Interior", () => {
    expect(Object.values(VIEWER_MODE_LABELS)).toEqual(["Spin", "Walkaround", "Gallery", "Interior"]);
  });

  it.each<[ViewerMode[], ViewerMode, ViewerMode]>([
    [["spinner", "gallery"], "spinner", "spinner"],
    [["spinner", "walkaround", "gallery"], "walkaround", "walkaround"],
    [["spinner", "gallery"], "gallery", "gallery"],
    [["gallery"], "spinner", "gallery"],
    [["gallery", "interior"], "walkaround", "gallery"],
    [["gallery", "interior"], "interior", "interior"],
  ])("default mode per tenant when available, else gallery (%j, site %s → %s)", (modes, site, expected) => {
    expect(defaultViewerMode(modes, site)).toBe(expected);
  });

  it("defaults to spinner for a site, gallery where configured", () => {
    expect(makeSite().default_viewer_mode).toBe("spinner");
    expect(makeSite({ default_viewer_mode: "gallery" }).default_viewer_mode).toBe("gallery");
  });
});

describe("third-party 360 viewer by spin_code: only with a spin_code, no spin images and the tenant's provider", () => {
  const provider = { spin_viewer: { name: "SpinCar", url: "https://viewer.spins.example.com/embed/{code}" } };
  const frames = Array.from({ length: 24 }, (_, i) => `/media/spin/${i}.jpg`);

  it.each<[string, Parameters<typeof makeCar>[0], Parameters<typeof makeSite>[0], string | null]>([
    [
      "a spin_code and no frames on a site with a provider",
      { spin_code: "HTS-HTN10046" },
      provider,
      "https://viewer.spins.example.com/embed/HTS-HTN10046",
    ],
    [
      "one frame only (no spin of its own)",
      { spin_code: "HTS-1", spin_images: ["/media/spin/0.jpg"] },
      provider,
      "https://viewer.spins.example.com/embed/HTS-1",
    ],
    ["its own spin frames instead", { spin_code: "HTS-1", spin_images: frames }, provider, null],
    ["no spin_code", { spin_code: null }, provider, null],
    ["a blank spin_code", { spin_code: "  " }, provider, null],
    ["a spin_code that is not a code", { spin_code: "a/../b?x=1" }, provider, null],
    ["a site without a provider", { spin_code: "HTS-1" }, {}, null],
  ])("%s", (_, car, site, url) => {
    expect(externalSpinUrl(makeCar(car), makeSite(site))).toBe(url);
  });

  it("adds the Spin mode for the provider's viewer", () => {
    const car = makeCar({ spin_code: "HTS-1" });
    expect(availableViewerModes(car)).toEqual(["gallery"]);
    expect(availableViewerModes(car, true)).toEqual(["spinner", "gallery"]);
  });

  it("refuses a provider address without {code} or not on https", () => {
    expect(() => makeSite({ spin_viewer: { name: "X", url: "https://viewer.example.com/embed" } })).toThrow(
      /\{code\}/,
    );
    expect(() => makeSite({ spin_viewer: { name: "X", url: "http://viewer.example.com/{code}" } })).toThrow();
  });
});

describe("video slide only if the car has a video and a first image", () => {
  const video = { kind: "embed", src: "https://www.youtube-nocookie.com/embed/abcdefghijk" } as const;

  it.each([
    ["start", 4, 0],
    ["second", 4, 1],
    ["middle", 4, 2],
    ["middle", 5, 3],
    ["middle", 1, 1],
    ["end", 4, 4],
    ["second", 1, 1],
  ] as const)("position %s among %i photos → slide %i", (position, count, index) => {
    expect(videoSlideIndex(position, count)).toBe(index);
  });

  it("defaults the position to second", () => {
    expect(makeSite().video_slide_position).toBe("second");
  });

  it("puts the video slide at the configured position", () => {
    const pictures = carPictures(makeCar({ images: photos(3) }));
    expect(kinds(gallerySlides(pictures, video, "second"))).toEqual([
      "/media/1.jpg",
      "video",
      "/media/2.jpg",
      "/media/3.jpg",
    ]);
    expect(kinds(gallerySlides(pictures, video, "end"))).toEqual([
      "/media/1.jpg",
      "/media/2.jpg",
      "/media/3.jpg",
      "video",
    ]);
  });

  it("adds no video slide without a video", () => {
    const pictures = carPictures(makeCar({ images: photos(3) }));
    expect(kinds(gallerySlides(pictures, null, "second"))).toEqual([
      "/media/1.jpg",
      "/media/2.jpg",
      "/media/3.jpg",
    ]);
  });

  it("adds no video slide without a first image", () => {
    const pictures = carPictures(makeCar({ images: [] }));
    expect(kinds(gallerySlides(pictures, video, "start"))).toEqual([IMAGE_NOT_FOUND]);
  });
});

describe("external video: embeddable address in a frame, else muted looping autoplay video", () => {
  it.each([
    ["https://www.youtube.com/embed/hRDZZC1tXxe", "https://www.youtube-nocookie.com/embed/hRDZZC1tXxe"],
    ["https://www.youtube.com/watch?v=hRDZZC1tXxe", "https://www.youtube-nocookie.com/embed/hRDZZC1tXxe"],
    ["https://youtu.be/hRDZZC1tXxe", "https://www.youtube-nocookie.com/embed/hRDZZC1tXxe"],
    ["https://m.youtube.com/shorts/hRDZZC1tXxe", "https://www.youtube-nocookie.com/embed/hRDZZC1tXxe"],
    [
      "https://www.youtube-nocookie.com/embed/hRDZZC1tXxe",
      "https://www.youtube-nocookie.com/embed/hRDZZC1tXxe",
    ],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://www.youtube.com/channel/UCabc", null],
    ["https://cdn.example.com/walkaround.mp4", null],
    ["javascript:alert(1)", null],
    ["not a url", null],
  ])("%s → %s", (address, embed) => {
    expect(embeddableVideoUrl(address)).toBe(embed);
  });

  it("frames the external embeddable address", () => {
    const car = makeCar({
      video_url: "https://www.youtube.com/watch?v=hRDZZC1tXxe",
      external_video_url: "https://www.youtube.com/embed/hRDZZC1tXxe",
    });
    expect(carVideo(car)).toEqual({
      kind: "embed",
      src: "https://www.youtube-nocookie.com/embed/hRDZZC1tXxe",
    });
  });

  it("plays a file that is not embeddable as a video", () => {
    expect(carVideo(makeCar({ video_url: "https://cdn.example.com/car.mp4" }))).toEqual({
      kind: "file",
      src: "https://cdn.example.com/car.mp4",
    });
  });

  it("finds the video among video image entries, and none when there is none", () => {
    const car = makeCar({ images: [photo(1), { url: "https://youtu.be/hRDZZC1tXxe", video: true }] });
    expect(carVideo(car)?.kind).toBe("embed");
    expect(carVideo(makeCar({ images: photos(2) }))).toBeNull();
  });
});

describe("spin: drag or arrow keys step frames, 20 px per frame", () => {
  it.each([
    [0, 0, 0],
    [0, 19, 0],
    [0, 20, 1],
    [0, 59, 2],
    [0, -20, 23],
    [23, 20, 0],
    [5, 24 * 20, 5],
    [5, -41, 3],
  ])("from frame %i, dragging %i px → frame %i of 24", (start, pixels, expected) => {
    expect(frameFromDrag(start, pixels, 24)).toBe(expected);
  });

  it.each([
    [0, 1, 1],
    [23, 1, 0],
    [0, -1, 23],
  ])("arrow key from frame %i by %i → frame %i (wraps round)", (frame, step, expected) => {
    expect(stepFrame(frame, step, 24)).toBe(expected);
  });
});

describe("hotspot angle = (1 − index/(count−1)) × 360", () => {
  it.each([
    [0, 24, 360],
    [23, 24, 0],
    [1, 24, 344.35],
    [12, 24, 172.17],
    [1, 3, 180],
    [0, 1, 0],
  ])("frame %i of %i → %f°", (index, count, angle) => {
    expect(hotspotAngle(index, count)).toBeCloseTo(angle, 1);
  });

  it("places each exterior hotspot on the frame whose angle matches its position", () => {
    const hotspots = [
      {
        id: 1,
        description: "LED headlights",
        interior: false,
        positions: [
          { activeAngle: 360, posX: 76.76, posY: 62.44 },
          { activeAngle: 344.35, posX: 83.65, posY: 61.48 },
        ],
      },
      {
        id: 11,
        description: "Touchscreen",
        interior: true,
        positions: [{ activeAngle: 0, posX: 49.2, posY: 48.4 }],
      },
    ];
    const [spot, ...rest] = spinHotspots(makeCar({ hotspots }).hotspots, 24);
    expect(rest).toEqual([]);
    expect(spot?.description).toBe("LED headlights");
    expect(spot?.frames.slice(0, 3)).toEqual([[76.76, 62.44], [83.65, 61.48], null]);
    expect(spot?.frames).toHaveLength(24);
    expect(interiorHotspots(makeCar({ hotspots }).hotspots)).toEqual([
      { id: "11", description: "Touchscreen", x: 49.2, y: 48.4 },
    ]);
  });
});
