// Files under UPLOAD_DIR that nothing refers to. Every write path removes
// its file when the row that would refer to it is not written (a failed
// booking, a refused image), but a process that dies between writing the
// file and committing the row leaves it behind (the load-and-fault drill of
// docs/security.md found 9 attachments and 29 temp uploads after a crash).
// Such files are never served (every read goes through a row), they only
// take space; this sweep removes them once they are older than any request
// could be:
//   tmp/          uploads still streaming in or abandoned: any file;
//   attachments/  order attachments no entrustment and no queued mail names;
//   avatars/      avatars no user has;
//   wxcodes/      staff QR cards no user has;
//   home/         home-content images no item has;
//   imports/      original files of import batches no batch has (pruned);
//   previews/     uploads of import previews and of the import wizard (issue 40) that none has (discarded, expired).
// Only the generated names of each folder are ever removed.
import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { ATTACHMENT_DIR, attachmentStorageKey, isAttachmentName } from "~/domain/booking/attachments.server";
import { isImageName } from "~/utils/images.server";
import { IMPORT_FILE_DIR, isImportFileName } from "~/domain/import-export/batches.server";
import { PREVIEW_FILE_DIR, isPreviewFileName } from "~/domain/import-export/preview-file.server";
import { sql } from "~/utils/db.server";
import { startServiceOnce } from "~/utils/services.server";
import { isAvatarName, uploadRoot } from "~/utils/uploads.server";

/** A file younger than this may belong to a request under way: never removed. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
/** How often a running server sweeps (and once, a minute after it starts). */
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 60 * 1000;

type Folder = "tmp" | typeof ATTACHMENT_DIR | "avatars" | "wxcodes" | "home" | typeof IMPORT_FILE_DIR | typeof PREVIEW_FILE_DIR;

const FOLDERS: Record<Folder, (name: string) => boolean> = {
  tmp: () => true,
  [ATTACHMENT_DIR]: isAttachmentName,
  avatars: isAvatarName,
  wxcodes: isImageName,
  home: isImageName,
  [IMPORT_FILE_DIR]: isImportFileName,
  [PREVIEW_FILE_DIR]: isPreviewFileName,
};

// Every stored name a row refers to, with its folder, in one statement ($1:
// the attachments folder, $2: its storage-key prefix in the mail outbox).
const REFERENCED_SQL = `
  SELECT $1::text AS folder, attachment_key AS name FROM entrustments WHERE attachment_key IS NOT NULL
  UNION ALL
  SELECT $1::text, substr(a->>'storageKey', length($2::text) + 1)
    FROM email_outbox, jsonb_array_elements(attachments) AS a
   WHERE starts_with(a->>'storageKey', $2::text)
  UNION ALL
  SELECT 'avatars', avatar_path FROM users WHERE avatar_path IS NOT NULL
  UNION ALL
  SELECT 'wxcodes', wx_code_path FROM users WHERE wx_code_path IS NOT NULL
  UNION ALL
  SELECT 'home', image_path FROM home_contents WHERE image_path IS NOT NULL
  UNION ALL
  SELECT 'imports', file_key FROM import_batches WHERE file_key IS NOT NULL
  UNION ALL
  SELECT 'previews', file_key FROM import_previews WHERE file_key IS NOT NULL
  UNION ALL
  SELECT 'previews', file_key FROM import_wizard_uploads`;

export type SweepResult = Record<Folder, number>;

/** Old files of one folder: regular files with a name the folder generates, older than the grace period. */
async function oldFiles(folder: Folder, before: number): Promise<string[]> {
  const dir = path.join(uploadRoot(), folder);
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const old: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !FOLDERS[folder](entry.name)) continue;
    const stat = await fs.stat(path.join(dir, entry.name)).catch(() => null);
    if (stat && stat.mtimeMs < before) old.push(entry.name);
  }
  return old;
}

/**
 * Removes the files no row refers to that are older than `graceMs`; returns
 * how many went, per folder. The folders are listed before the references
 * are read, so a file whose row commits in between is seen as referenced.
 */
export async function sweepUploads(options: { now?: number; graceMs?: number } = {}): Promise<SweepResult> {
  const before = (options.now ?? Date.now()) - (options.graceMs ?? SWEEP_GRACE_MS);
  const folders = Object.keys(FOLDERS) as Folder[];
  const candidates = await Promise.all(folders.map((folder) => oldFiles(folder, before)));
  const referenced = new Set(
    (await sql<{ folder: string; name: string }>(REFERENCED_SQL, [ATTACHMENT_DIR, attachmentStorageKey("")])).map(
      (row) => `${row.folder}/${row.name}`,
    ),
  );
  const result = Object.fromEntries(folders.map((folder) => [folder, 0])) as SweepResult;
  for (const [i, folder] of folders.entries()) {
    for (const name of candidates[i]) {
      if (referenced.has(`${folder}/${name}`)) continue;
      await fs.rm(path.join(uploadRoot(), folder, name), { force: true });
      result[folder] += 1;
    }
  }
  return result;
}

/** Sweeps a minute after the server starts, then every six hours; once per process, never in tests. */
export function ensureUploadSweep(): void {
  startServiceOnce("upload-sweep", () => {
    const run = async () => {
      try {
        const removed = await sweepUploads();
        const parts = Object.entries(removed)
          .filter(([, n]) => n > 0)
          .map(([folder, n]) => `${n} in ${folder}/`);
        if (parts.length > 0) console.log(`[upload-sweep] removed files no record refers to: ${parts.join(", ")}`);
      } catch (error) {
        console.error("[upload-sweep] failed (next try in 6 h):", error);
      }
    };
    const first = setTimeout(run, FIRST_SWEEP_AFTER_MS);
    const every = setInterval(run, SWEEP_EVERY_MS);
    first.unref();
    every.unref();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  });
}
