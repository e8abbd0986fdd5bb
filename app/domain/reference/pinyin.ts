// Pinyin of a Chinese port name (pinyin-pro, a maintained library; server and
// seed only, never in a browser bundle). Decision 205.
import { pinyin } from "pinyin-pro";

const clean = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Full pinyin without tones or spaces ("shanghai") and the initials ("sh"). */
export function pinyinOf(nameZh: string): { full: string; initials: string } {
  const syllables = pinyin(nameZh, { toneType: "none", type: "array", nonZh: "consecutive" });
  const initials = pinyin(nameZh, { pattern: "first", toneType: "none", type: "array", nonZh: "consecutive" });
  return { full: clean(syllables.join("")), initials: clean(initials.join("")) };
}
