import Foundation
import Testing

@testable import LayerKit

/// Bands are cut where the previous frame's bands would have taken equal time, and where
/// they are cut never changes a pixel.
@Suite struct BandBalanceTests {
  let rect = PixelRect(x0: 0, y0: 0, x1: 100, y1: 400)

  @Test func theFirstRectangleIsCutEvenly() {
    #expect(BandBalance().cuts(rect, bands: 2) == [0, 200, 400])
    #expect(BandBalance().cuts(rect, bands: 4) == [0, 100, 200, 300, 400])
  }

  @Test func aSlowBandGetsFewerRows() {
    var balance = BandBalance()
    // The top band took three times as long as the bottom one: the work is in the top
    // half, 3 : 1, so equal time is at 4/6 of the top half (row 133), and the cut moves
    // halfway there from 200 on the same rectangle.
    balance.record(cuts: [0, 200, 400], width: 100, seconds: [0.003, 0.001])
    let cuts = balance.cuts(rect, bands: 2)
    #expect(cuts == [0, 166, 400])
    // Settled: the same times per pixel keep the cut moving towards 133.
    balance.record(cuts: cuts, width: 100, seconds: [0.003 * 166 / 200, 0.003 * 34 / 200 + 0.001])
    let next = balance.cuts(rect, bands: 2)
    #expect(next[1] < 166 && next[1] >= 133)
  }

  @Test func anotherRectangleUsesTheCostPerRowAndTheAverageOutside() {
    var balance = BandBalance()
    balance.record(cuts: [0, 200, 400], width: 100, seconds: [0.004, 0.0])
    // Rows 200…400 cost the floor (1/20 of the mean); rows 400…600 the mean.
    let cuts = balance.cuts(PixelRect(x0: 0, y0: 100, x1: 50, y1: 600), bands: 2)
    #expect(cuts.first == 100 && cuts.last == 600)
    // Cost per row: 2e-7 on 100…200, 5e-9 on 200…400, 1e-7 on 400…600; total 4.1e-5,
    // half 2.05e-5 is reached at row 200 + 0.05e-5 / 5e-9 = 300.
    #expect(cuts[1] == 300)
  }

  @Test func bandsKeepTheMinimumHeight() {
    var balance = BandBalance()
    balance.record(cuts: [0, 10, 20, 30, 400], width: 100, seconds: [1, 1, 1, 0])
    let cuts = balance.cuts(rect, bands: 4)
    for k in 1..<cuts.count { #expect(cuts[k] - cuts[k - 1] >= BandBalance.minimumRows) }
    #expect(cuts.first == 0 && cuts.last == 400)
  }

  @Test func badTimesFallBackToEvenCuts() {
    var balance = BandBalance()
    balance.record(cuts: [0, 200, 400], width: 100, seconds: [.nan, .infinity])
    #expect(balance.cuts(rect, bands: 2) == [0, 200, 400])
    balance.record(cuts: [0, 200, 400], width: 100, seconds: [0, 0])
    #expect(balance.cuts(rect, bands: 2) == [0, 200, 400])
    // A different band count than recorded starts from the recorded costs.
    #expect(balance.cuts(rect, bands: 3) == BandBalance.even(rect, bands: 3))
  }
}
