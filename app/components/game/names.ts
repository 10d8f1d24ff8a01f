import type { TFunction } from "~/utils/translate";

/**
 * A name the operator gave (a room, the game's title in locales/<lang>/game.json; a lobby channel,
 * a partner game in social.json) in the player's language. The operator's name is the key
 * ("rooms.Primary"); a name without a translation shows as the operator wrote it.
 * Decision: docs/decisions/010-operator-names-as-translation-keys.md.
 */
export function operatorName(
  t: TFunction,
  group: "rooms" | "gameTitles" | "channels" | "externalGames",
  name: string,
): string {
  // A dot would read as a nested key: such a name is shown as it is.
  if (!name || name.includes(".")) return name;
  return t(`${group}.${name}`, { defaultValue: name });
}

/** A bet's name as the player reads it: a digit stays a digit, Red or Big in the player's language. */
export function betLabel(t: TFunction, name: string): string {
  return /^\d$/.test(name) ? name : t(`game:betName.${name}`, { defaultValue: name });
}
