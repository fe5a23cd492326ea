import Testing

@testable import StrideBase

/// StrideBase's byte-wise search, which the client uses instead of _StringProcessing's.
@Suite("Finding and replacing text")
struct TextSearchTests {
  @Test("finds the first place, past a false start and in a substring; replaces every place, none twice")
  func findAndReplace() {
    let path = "/usr/share/zoneinfo/Europe/Zürich"
    let range = path.firstRange(ofText: "zoneinfo/")
    #expect(range.map { String(path[$0.upperBound...]) } == "Europe/Zürich")
    #expect("aab".firstRange(ofText: "ab").map { "aab".distance(from: "aab".startIndex, to: $0.lowerBound) } == 1)
    #expect(!path.contains(text: "zoneinfo//") && path.contains(text: "Zürich"))
    let line = "2026-11-25 strided: the port is in use"[...]
    #expect(line.firstRange(ofText: "strided: ").map { String(line[$0.upperBound...]) } == "the port is in use")
    #expect(#"say "hi" "twice""#.replacing(text: "\"", with: "\\(dq") == #"say \(dqhi\(dq \(dqtwice\(dq"#)
    #expect("aaa".replacing(text: "aa", with: "b") == "ba", "left to right, each once")
    #expect("café décor".replacing(text: "é", with: "e") == "cafe decor")
    #expect("nothing".replacing(text: "", with: "x") == "nothing")
    #expect(!"short".contains(text: "shorter"))
    let long = "a line too long to be a small string, with the word at its end"
    #expect(long.contains(text: "its end") && !long.contains(text: "its ends") && long.contains(text: ""))
  }

  @Test("cuts a text into the words between white space: by bytes when it is ASCII, the same words as by characters")
  func spacedWords() {
    #expect("pay rent  by\tfriday ".spacedWords == ["pay", "rent", "by", "friday"])
    let texts = [
      "  call mum\ttomorrow \r\n 9am  ", "", "   ", "one", "café  crème\u{A0}brûlée", "a\r\nb", "x\u{301} y",
    ]
    for text in texts {
      #expect(text.spacedWords == text.split(whereSeparator: \.isSpace), "\(text)")
    }
  }
}
