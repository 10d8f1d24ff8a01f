import { sha256Hex } from "#contract/fairness-proof";
import type { VerifyResult } from "#contract/game";
import { beaconTimeOf, beaconValue } from "../beacon/beacon";
import type { Sql } from "../platform/db";
import { findChain } from "./chains";
import type { Fairness } from "./fairness-keys";
import type { Round } from "./rounds";

/**
 * The public facts of a round (the verify call): its commitment, the seed once drawn, its chain's
 * terminal hash and its place in it, the beacon round with its signature once it exists, and the
 * payout table it was created with. Nothing here is computed for the reader: they recompute.
 */
export async function verifyView(db: Sql, f: Fairness, round: Round, nowMs: number): Promise<VerifyResult> {
  const settled = round.result !== null;
  const chain = round.chainId === null ? null : await findChain(db, round.chainId);
  const beaconRound = round.beaconRound === null ? null : Number(round.beaconRound);
  let signature = round.beaconSignature;
  if (beaconRound !== null && !signature && beaconTimeOf(f.beacon, beaconRound) <= nowMs) {
    // Published as soon as it exists, drawn or not: it is public anyway.
    signature = (await beaconValue(db, f.beacon, beaconRound, nowMs))?.signature ?? null;
  }
  return {
    id: round.id,
    coin: round.coin,
    level: round.level,
    seedHash: round.seedHash,
    seed: settled ? round.seed : null,
    lotteryResult: settled ? String(round.result) : null,
    sessionEndTime: round.endTime,
    betEndTime: round.betEndTime,
    settled,
    voided: round.voided,
    scheme: round.scheme,
    payout: round.payout,
    chain:
      chain && round.chainIndex !== null
        ? {
            id: chain.id,
            index: round.chainIndex,
            length: chain.length,
            lane: chain.lane,
            terminalHash: chain.terminalHash,
          }
        : null,
    beacon:
      beaconRound === null
        ? null
        : {
            source: f.beacon.source,
            round: beaconRound,
            time: beaconTimeOf(f.beacon, beaconRound),
            publicKey: f.beacon.publicKey,
            signature,
            randomness: signature ? sha256Hex(signature) : null,
            sandbox: f.beacon.source === "sandbox",
          },
  };
}
