import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Words that look like a time and are kept in the title because they may well be something else: the reply names
/// each with why and what to write instead, so a day word is never left silently and a name never becomes a date.
@Suite("Capture: words kept and named")
struct KeptWordTests {
  let parser = CaptureParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  @Test(
    "a word kept in the title is named with why",
    arguments: [
      ("text tom 5pm", "tom", "it may be a name or tomorrow; for the day, write tomorrow"),
      ("finish the essay by tom", "tom", "it may be a name or tomorrow; for the day, write tomorrow"),
      ("tod 2 laps", "tod", "it may be a name or today; for the day, write today"),
      (
        "watch sunday best episode 3", "sunday",
        "it may be part of a name; for a date, write on sunday or put the day at the end"
      ),
      ("rest 5 days", "5 days", "a length of time is not a date; to be due then, write in 5 days"),
      (
        "black friday deals", "black friday",
        "it names the occasion; to be due that day, write on black friday or by black friday"
      ),
      ("divide by 5", "by 5", "it may be an amount; for a time, write by 5pm or by 5am"),
      ("dentist thursday 10-11", "10-11", "it may be hours or a count; for hours, write 10:00-11:00, or with am or pm"),
      (
        "meet from 9 to 5 thursday", "9 to 5",
        "it may be hours or a count; for hours, write 9:00-17:00, or with am or pm"
      ),
      (
        "invoice due 1/12", "1/12",
        "it could be Tuesday 1 December 2026 or Tuesday 12 January 2027; write the month as a word (1 dec or 12 jan), "
          + "or set LC_TIME to your locale"
      ),
    ])
  func named(_ text: String, _ kept: String, _ reason: String) {
    let parsed = parser.parse(text)
    let span = parsed.spans.first { $0.field == .unread && $0.text == kept }
    #expect(span?.reason == reason, "\(text): \(parsed.spans)")
    #expect(parsed.due == nil || text.contains("5pm") || text.contains("thursday"), "\(text)")
    if let span { #expect(String(Array(text)[span.start..<span.end]) == kept) }
  }

  @Test(
    "a name, a count or a length that names a thing is kept without a word",
    arguments: [
      "call tom", "dinner with tom", "email Tom the slides", "tom's birthday", "read page 12/30", "add sugar 1/2",
      "open the helpline 24/7", "learn the 12 days of christmas song", "fix the clock that is 5 minutes slow",
      "friday meeting prep", "buy a christmas tree", "divide the pizza by 4 slices",
    ])
  func silent(_ text: String) {
    let parsed = parser.parse(text)
    #expect(parsed.due == nil && parsed.start == nil, "\(text)")
    #expect(!parsed.spans.contains { $0.field == .unread }, "\(text): \(parsed.spans)")
  }

  @Test("a length of time is named only when the line gives no time")
  func lengthBesideATime() {
    #expect(!parser.parse("rest 5 days tomorrow").spans.contains { $0.field == .unread })
  }
}
