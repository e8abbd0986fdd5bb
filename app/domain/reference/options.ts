// What a picker lists (shared by server and browser): the value that goes
// into the form field, a label and a hint. Sea ports are searched by name,
// airports by IATA code (the spec keys air ports by code), express countries
// by their name in the page's language, railway and trailer places by name.
export type PickerOption = { value: string; label: string; hint?: string };

type Port = { code: string; name: string; nameZh: string };
type Country = { code: string; en: string; zh: string; zoneCode: string };

const zh = (lng: string) => lng !== "en-US";

export function seaPortOption(port: Port): PickerOption {
  return { value: port.name, label: port.name, hint: `${port.code} ${port.nameZh}` };
}

export function airportOption(port: Port, lng: string): PickerOption {
  return {
    value: port.code,
    label: zh(lng) ? `${port.code} ${port.nameZh}` : `${port.code} ${port.name}`,
    hint: zh(lng) ? port.name : port.nameZh,
  };
}

export function portOption(kind: "sea" | "air", port: Port, lng: string): PickerOption {
  return kind === "sea" ? seaPortOption(port) : airportOption(port, lng);
}

export function countryOption(country: Country, lng: string): PickerOption {
  return zh(lng)
    ? { value: country.zh, label: country.zh, hint: `${country.en} (${country.code})` }
    : { value: country.en, label: country.en, hint: `${country.zh} (${country.code})` };
}

/**
 * A railway or trailer place: its stored name is the value; the label is its
 * name in the page's language and the hint the other language's, so both
 * names show in both languages (西安 · Xi'an; issue 45 item 8).
 */
export function landOption(name: string, english = name, lng = "en-US"): PickerOption {
  if (english === name) return { value: name, label: name };
  return zh(lng) ? { value: name, label: name, hint: english } : { value: name, label: english, hint: name };
}
