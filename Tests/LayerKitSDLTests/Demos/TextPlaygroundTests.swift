import Foundation
import LayerKitDemos
import Testing

@testable import LayerKitSDL

/// The text playground changes its text live from keys and sliders.
@Suite struct TextPlaygroundTests {
  @Test func keysChangeSampleAlignmentWrappingAndSize() throws {
    let helper = SceneDriverTests()
    let (_, context, driver) = helper.make(TextPlaygroundScene.self)
    context.advance(by: 0.1)
    let text = try #require(helper.find("playground text", in: driver.stage) as? CATextLayer)
    #expect(text.string as? String == TextPlaygroundScene.samples[4].text)
    #expect(driver.handle(.key("N")))
    #expect(text.string as? String == TextPlaygroundScene.samples[5].text)
    #expect(driver.handle(.key("A")))
    #expect(text.alignmentMode == .left)
    #expect(driver.handle(.key("W")))
    #expect(!text.isWrapped)
    #expect(driver.handle(.key("=")))
    #expect(text.fontSize == 44)
    #expect(!driver.handle(.key("Q")))
  }

  @Test func slidersRebuildWithTheirValues() throws {
    let helper = SceneDriverTests()
    let (_, context, driver) = helper.make(TextPlaygroundScene.self)
    driver.setParameter("sample", to: 2)
    driver.setParameter("font size", to: 64)
    driver.setParameter("alignment", to: 2)
    context.advance(by: 0.1)
    let text = try #require(helper.find("playground text", in: driver.stage) as? CATextLayer)
    #expect(text.string as? String == TextPlaygroundScene.samples[2].text)
    #expect(text.fontSize == 64)
    #expect(text.alignmentMode == .center)
  }
}
