describe("the worked example of docs/fairness.md", () => {
  it("verifies: seed, chain of length 5, sandbox beacon signature, digit 9", () => {
    const proof = checkRound({
      roundId: 2026030110136240,
      commitment: "069079d81b6537ca671c665901bbdae52303672e42b7d8d52da1f6b78675d234",
      seed: "2bf74ad9b7e56298adb5521e00786bf26288e66d9a99f5583832600fabba7381",
      result: 9,
      chain: { index: 3, terminalHash: "fa9441e2a37e099e1e810910bd142d1232fac617f70ac21f0da544b2a4220b20" },
      beacon: {
        publicKey: fairnessOf().beacon.publicKey,
        round: 5133897,
        signature:
          "881c0b1469a1eee53c27ac934c613fa63dad80f2a657d2ff37f15190a39e8e92b77e04b5f2f9d7635d5be13fdbaca320",
      },
    });
    expect(proof).toMatchObject({ ok: true, digit: 9 });
    expect(fairnessOf().beacon.publicKey.slice(0, 8)).toBe("848be526");
    expect(fairnessOf().logPublicKey).toBe(
      "895cf32c3715b2d3420836659ffadc7cdafa00fd92e30d691c0e880ad9509f56",
    );
  });
});
