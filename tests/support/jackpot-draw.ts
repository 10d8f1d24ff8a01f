import { beaconRandomness } from "#contract/fairness-proof";
import type { JackpotDraw } from "#contract/jackpot";
import type { sandboxBeacon } from "../../core/src/beacon/beacon";
import { drawWinners, jackpotSeedHash, ticketsHash } from "../../core/src/jackpot/draw";

export interface DrawnDayOptions {
  beacon: ReturnType<typeof sandboxBeacon>;
  seed: string;
  dayNo: number;
  /** Each entry's tickets (cents staked), entry 1 first. */
  cents: number[];
  /** The masked phone of entry `no`. */
  phoneOf: (no: number) => string;
  /** The beacon round the draw took; null for a day drawn before the beacon took part. */
  round: number | null;
  startTime: number;
  endTime: number;
  drawTime: number;
  /** When the ticket list was sealed (decision 078); absent for a day that sealed none. */
  sealedAt?: number;
}

/**
 * A drawn jackpot day as the upstream publishes it (GET /app/jackpot/draw), its winners drawn by
 * the core's own code from the seed, the beacon round's value and the ticket list: 2 winners of
 * ₹5 from a pool of ₹20.
 */
export async function drawnDay(o: DrawnDayOptions): Promise<JackpotDraw> {
  const signature = o.round === null ? "" : ((await o.beacon.signatureOf(o.round, Date.now())) ?? "");
  const randomness = o.round === null ? null : beaconRandomness(signature);
  const list = o.cents.map((cents, i) => ({ no: i + 1, userId: i + 1, cents }));
  let from = 0;
  const tickets = list.map((e) => {
    const entry = { no: e.no, phone: o.phoneOf(e.no), tickets: e.cents, from, to: from + e.cents };
    from += e.cents;
    return entry;
  });
  const entries = tickets.map((e) => ({ no: e.no, phone: e.phone, cents: e.tickets }));
  return {
    dayNo: o.dayNo,
    coin: "CHIP",
    startTime: o.startTime,
    endTime: o.endTime,
    drawTime: o.drawTime,
    seedHash: jackpotSeedHash(o.seed),
    seed: o.seed,
    beacon:
      o.round === null
        ? null
        : {
            source: "sandbox",
            publicKey: o.beacon.publicKey,
            round: o.round,
            signature,
            randomness: randomness ?? "",
            genesisTime: o.beacon.genesisMs,
            periodSeconds: o.beacon.periodMs / 1000,
          },
    ticketsCommitment:
      o.sealedAt === undefined || o.round === null
        ? null
        : {
            hash: ticketsHash(entries),
            committedTime: o.sealedAt,
            marginSeconds: 60,
            total: from,
            beaconRound: o.round,
          },
    sealedListAccepted: null,
    pool: 20,
    paid: 10,
    winnersWanted: 2,
    ticketsTotal: from,
    tickets,
    winners: drawWinners(o.seed, o.dayNo, randomness, list, 2).map((w, i) => ({
      rank: i + 1,
      no: w.no,
      phone: o.phoneOf(w.no),
      nickName: null,
      ticket: w.ticket,
      tickets: list[w.no - 1].cents,
      amount: 5,
    })),
    myWin: null,
    pendingDraw: null,
  };
}
