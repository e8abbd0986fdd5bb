// The sweep of uploaded files no record refers to (a process that died
// between writing a file and committing its row): old orphans go, whatever a
// row names stays, and so does anything young or not a generated name.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { sweepUploads, SWEEP_GRACE_MS } from "~/domain/storage/sweep.server";
import { prisma } from "~/utils/db.server";
import { bookableRate, cookieOf, doneId, filesIn, orderFields, pdfFile, postOrder, uploadDir } from "./helpers";

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);
const hex = () => crypto.randomBytes(16).toString("hex");

/** A file in UPLOAD_DIR/<folder>, last written `when`. */
function put(folder: string, name: string, when: Date = TWO_HOURS_AGO): string {
  fs.mkdirSync(uploadDir(folder), { recursive: true });
  const file = uploadDir(folder, name);
  fs.writeFileSync(file, `file ${name}`);
  fs.utimesSync(file, when, when);
  return name;
}

const age = (folder: string, name: string) => fs.utimesSync(uploadDir(folder, name), TWO_HOURS_AGO, TWO_HOURS_AGO);

describe("upload sweep", () => {
  test("removes old files no row names; keeps booked attachments, files a queued mail names, users' images, young files and foreign names", async () => {
    // A real booking: its attachment is named by the entrustment and its mails.
    const cookie = await cookieOf("t1@example.com");
    const booked = await postOrder({ mode: "fcl", id: await bookableRate("fcl") }, cookie, { ...orderFields(), attachment: pdfFile() });
    const id = doneId(booked);
    const row = await prisma.entrustment.findUniqueOrThrow({ where: { id }, select: { attachmentKey: true } });
    const bookedFile = row.attachmentKey!;
    age("attachments", bookedFile);

    // A second booking whose entrustment no longer names its file (only its mails do).
    const second = doneId(
      await postOrder({ mode: "fcl", id: await bookableRate("fcl") }, cookie, { ...orderFields(), attachment: pdfFile() }),
    );
    const mailOnly = (await prisma.entrustment.findUniqueOrThrow({ where: { id: second }, select: { attachmentKey: true } }))
      .attachmentKey!;
    await prisma.entrustment.update({ where: { id: second }, data: { attachmentKey: null } });
    age("attachments", mailOnly);

    // A user's avatar and a home-content image in use.
    const avatar = put("avatars", `${hex()}.png`);
    await prisma.user.update({ where: { email: "t1@example.com" }, data: { avatarPath: avatar } });
    const homeImage = put("home", `${hex()}.webp`);
    const item = await prisma.homeContent.findFirstOrThrow({ select: { id: true } });
    await prisma.homeContent.update({ where: { id: item.id }, data: { imagePath: homeImage } });

    // Orphans left by a crash, old enough to go.
    const orphanAttachment = put("attachments", `${hex()}.pdf`);
    const orphanTemp = put("tmp", `${hex()}.upload`);
    const orphanAvatar = put("avatars", `${hex()}.jpg`);
    const orphanQr = put("wxcodes", `${hex()}.png`);
    const orphanHome = put("home", `${hex()}.gif`);
    // Kept: young (a request may be under way), or not a name the app generates.
    const youngAttachment = put("attachments", `${hex()}.pdf`, new Date());
    const youngTemp = put("tmp", `${hex()}.upload`, new Date());
    const foreign = put("attachments", "README.txt");

    const removed = await sweepUploads();
    expect(removed).toEqual({ tmp: 1, attachments: 1, avatars: 1, wxcodes: 1, home: 1, imports: 0, previews: 0 });

    expect(filesIn("attachments").sort()).toEqual([bookedFile, mailOnly, youngAttachment, foreign].sort());
    expect(filesIn("tmp")).toEqual([youngTemp]);
    expect(filesIn("avatars")).toEqual([avatar]);
    expect(filesIn("wxcodes")).toEqual([]);
    expect(filesIn("home")).toEqual([homeImage]);
    for (const [folder, name] of [
      ["attachments", orphanAttachment],
      ["tmp", orphanTemp],
      ["avatars", orphanAvatar],
      ["wxcodes", orphanQr],
      ["home", orphanHome],
    ]) {
      expect(fs.existsSync(uploadDir(folder, name)), `${folder}/${name}`).toBe(false);
    }

    // Once the grace period has passed for the young ones, they go too; the referenced stay.
    const later = await sweepUploads({ now: Date.now() + SWEEP_GRACE_MS + 60_000 });
    expect(later).toEqual({ tmp: 1, attachments: 1, avatars: 0, wxcodes: 0, home: 0, imports: 0, previews: 0 });
    expect(filesIn("attachments").sort()).toEqual([bookedFile, mailOnly, foreign].sort());
    // The booking's file is still the one served.
    expect(fs.existsSync(path.join(uploadDir("attachments"), bookedFile))).toBe(true);
  });

  test("nothing to sweep when the folders do not exist", async () => {
    for (const folder of ["tmp", "attachments", "avatars", "wxcodes", "home"]) {
      fs.rmSync(uploadDir(folder), { recursive: true, force: true });
    }
    expect(await sweepUploads()).toEqual({ tmp: 0, attachments: 0, avatars: 0, wxcodes: 0, home: 0, imports: 0, previews: 0 });
  });
});
