import Testing

@testable import StrideNowView

/// The Now view's capture preview over what the daemon reads of a line (`PreviewDaemon`).
@Suite("The Now view's capture preview")
struct CapturePreviewTests {
  @Test(
    "the Now view's capture preview names the type, the word it came from, and the repeat",
    arguments: [
      (
        "pay rent every month on the 1st: find the lease",
        ["Type:    obligation (from \"pay\")", "Repeats: every month on the 1st"]
      ),
      ("clean desk: file invoice, tidy", ["Type:    chore"]),
      ("gym mon wed fri 7am", ["Title:   gym", "Repeats: every Monday, Wednesday and Friday"]),
    ])
  func previewSaysTypeAndRepeat(_ text: String, _ lines: [String]) throws {
    var view = NowView()
    _ = view.handle(.character("a"))
    try PreviewDaemon().type(text, into: &view)
    for line in lines { #expect(view.captureReading.contains(line), "\(view.captureReading)") }
  }
}
