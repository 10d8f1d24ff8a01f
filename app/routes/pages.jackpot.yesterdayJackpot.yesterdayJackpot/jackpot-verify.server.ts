import { beaconRandomness, verifyBeaconSignature } from "#contract/fairness-proof";
import type { JackpotDraw } from "#contract/jackpot";
import {
  jackpotWinners,
  namedBeaconRound,
  seedMatchesHash,
  ticketListMatchesSeal,
} from "#contract/jackpot-proof.mjs";

/**
 * The beacon's part: its signature verifies under the beacon's public key, and the randomness the
 * draw used is SHA-256 of that signature (null for a day drawn before the beacon took part).
 */
function checkBeacon(beacon: JackpotDraw["beacon"]): boolean | null {
  if (!beacon) return null;
  return (
    beacon.publicKey !== null &&
    verifyBeaconSignature(beacon.publicKey, beacon.round, beacon.signature) &&
    beaconRandomness(beacon.signature) === beacon.randomness
  );
}

/**
 * The sealed ticket list (decision 078): the published list is the one sealed, and the beacon
 * round is the one the rule names (contract/jackpot-proof.mjs). Null for a day that sealed no
 * list (committed before decision 078).
 */
function checkSealedList(draw: JackpotDraw): { ticketsMatch: boolean; roundMatches: boolean } | null {
  const sealed = draw.ticketsCommitment;
  if (!sealed) return null;
  const b = draw.beacon;
  const named =
    b && b.genesisTime !== null && b.periodSeconds !== null
      ? namedBeaconRound(draw, { genesisTime: b.genesisTime, periodSeconds: b.periodSeconds })
      : null;
  return {
    ticketsMatch: ticketListMatchesSeal({ ...draw, ticketsCommitment: sealed }),
    roundMatches: named !== null && b?.round === named && sealed.beaconRound === named,
  };
}

export function verifyDraw(draw: JackpotDraw) {
  const hashMatches = seedMatchesHash(draw);
  const beaconMatches = checkBeacon(draw.beacon);
  // From the signature, not the randomness the upstream states.
  const recomputed = jackpotWinners(draw, draw.beacon ? beaconRandomness(draw.beacon.signature) : null);
  const published = draw.winners.map((w) => w.no);
  // Nobody is paid when the pool held less than a cent per winner: then the list is empty.
  const winnersMatch =
    published.length === 0 ? draw.paid === 0 : recomputed.join(",") === published.join(",");
  const sealed = checkSealedList(draw);
  return {
    hashMatches,
    beaconMatches,
    winnersMatch,
    recomputed,
    ticketsMatch: sealed?.ticketsMatch ?? null,
    roundMatches: sealed?.roundMatches ?? null,
  };
}
