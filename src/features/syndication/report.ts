/** What the build records of the ad feeds: each feed's rows and every car it leaves out, with why. */
import { googleVehicleFeed } from "./google";
import { metaVehicleFeed } from "./meta";
import { type FeedSource, GOOGLE_FEED_PATH, META_FEED_PATH, type SyndicationReport } from "./syndication";

export function syndicationReport(source: FeedSource): SyndicationReport {
  const google = googleVehicleFeed(source);
  const meta = metaVehicleFeed(source);
  return {
    google_vehicle_ads: { path: GOOGLE_FEED_PATH, rows: google.rows.length, excluded: google.excluded },
    meta_vehicles: { path: META_FEED_PATH, rows: meta.rows.length, excluded: meta.excluded },
  };
}
