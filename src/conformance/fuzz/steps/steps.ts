/** The fuzz steps, keyed by the kind of operation they run (ops.ts draws the operations). */
import type { Op } from "../ops.js";
import { badWrite } from "./bad-write.js";
import { deleteKeys } from "./delete.js";
import { deleteOther } from "./delete-other.js";
import { fields100 } from "./fields-100.js";
import { fillRecord } from "./fill-record.js";
import { probe } from "./probe.js";
import { readAlbums } from "./read-albums.js";
import { readAppdata } from "./read-appdata.js";
import { readPeople } from "./read-people.js";
import { readPhotos } from "./read-photos.js";
import type { Step } from "./step.js";
import { write } from "./write.js";
import { write99 } from "./write-99.js";
import { writeLongest } from "./write-longest.js";

/** Kind of operation → how it runs. */
export const STEPS: { readonly [T in Op["t"]]: Step<T> } = {
  write,
  "write-99": write99,
  "write-longest": writeLongest,
  "fill-record": fillRecord,
  "bad-write": badWrite,
  delete: deleteKeys,
  "delete-other": deleteOther,
  "fields-100": fields100,
  "read-appdata": readAppdata,
  "read-people": readPeople,
  "read-albums": readAlbums,
  "read-photos": readPhotos,
  probe,
};
