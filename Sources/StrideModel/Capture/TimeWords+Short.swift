/// The short and vague day words people bring from other task apps and from typing on a phone: "2day", "tmw",
/// "2moro", "tom", "early next week", "mid january". Docs/capture.md has the rules and the conventions chosen.
extension TimeWords {
  /// Ways to write "today" that are no other word.
  static let todayWords: Set<String> = ["today", "2day", "tdy"]
  /// Ways to write "tomorrow" that are no other word: the misspellings and the phone shorthands.
  static let tomorrowWords: Set<String> = [
    "tomorrow", "tmr", "tmrw", "tmrow", "tomorow", "tommorow", "tommorrow", "tmw", "tmoro", "tmorrow", "2moro",
    "2morow", "2morrow", "2mrw", "2mro", "2mrow", "2moz", "tomoz", "tmoz", "tomorrw", "tomorro", "tomoro", "tomrw",
    "tomrow", "tmrrw", "tmorow",
  ]
  /// Time words as people shorten them, read as the word they stand for: "nxt week", "next wk", "next hr", "by cob"
  /// (close of business: the end of the day), "this arvo" (Australia's afternoon).
  static let shorthands: [String: String] = [
    "nxt": "next", "wk": "week", "wks": "weeks", "hr": "hour", "hrs": "hours", "cob": "eod", "arvo": "afternoon",
    "fortnight's": "fortnight",
  ]
  /// "am" and "pm" after a day word, as phones shorten them: "tmrw am" is tomorrow morning, "fri pm" Friday
  /// afternoon (the day parts' own hours).
  static let halfDays: [String: ClockTime] = ["am": dayParts["morning"]!, "pm": dayParts["afternoon"]!]
  /// Words of a dose, in whose line a figure before a part of the day is how many ("take 2 in the morning").
  static let doseWords: Set<String> = [
    "take", "takes", "pill", "pills", "tablet", "tablets", "capsule", "capsules", "puff", "puffs", "drop", "drops",
    "dose", "doses", "mg", "ml", "inhaler", "meds", "medication", "medicine", "vitamin", "vitamins", "spoon",
    "spoons", "teaspoon", "teaspoons", "scoop", "scoops", "tabs",
  ]
  /// Ways to write "weekend": "this wknd".
  static let weekendWords: Set<String> = ["weekend", "week-end", "wknd", "wkend"]
  /// Ways to write "tonight" that are no other word.
  static let tonightWords: Set<String> = ["tonight", "tonite", "2nite", "2night"]
  /// Short day words that are also names: "tom" (tomorrow, or Tom), "tod" (today, or Tod); how many days from
  /// today each is.
  static let nameDayWords: [String: Int] = ["tom": 1, "tod": 0]
  /// Words after which a short day word that is also a name is the name: a verb that takes a person ("call tom",
  /// "ask tom about the car") or a word that joins people ("with tom", "for tom", "tom and jerry").
  static let personWords: Set<String> = [
    "call", "ask", "text", "email", "e-mail", "mail", "ring", "phone", "message", "msg", "ping", "tell", "remind",
    "meet", "see", "visit", "thank", "thanks", "pay", "invite", "help", "lend", "give", "send", "show", "teach",
    "pick", "collect", "drop", "tag", "cc", "bcc", "dm", "hire", "fire", "interview", "congratulate", "warn",
    "chase", "nudge", "bug", "hug", "poke", "greet", "welcome", "introduce", "contact", "reach", "brief", "inform",
    "notify", "update", "forgive", "owe", "join", "follow", "thank", "ring", "fetch", "drive", "host", "feed",
    "with", "for", "from", "to", "and", "or", "&", "by",
    "after", "about", "w/", "w", "uncle", "aunt", "auntie", "cousin", "dear", "hi",
    "hello", "hey", "bye", "mr", "dr", "mrs", "ms", "sir", "little", "big", "old", "young", "peeping", "saint",
    "st", "you", "me", "us",
  ]
  /// Words after which a short day word may as well be a name as a day: "mum's birthday tom" (tomorrow) and "happy
  /// birthday tom" (Tom). The word stays and is named.
  static let eitherWords: Set<String> = ["birthday", "party", "present", "gift", "card", "dinner", "lunch"]
  /// Words before a figure that make it a count, not a day and month: "page 12/30", "episode 4/12", "score 8/10".
  static let countWords: Set<String> = [
    "page", "pages", "p", "pg", "pp", "chapter", "ch", "episode", "ep", "eps", "part", "pt", "step", "steps", "vol",
    "volume", "question", "q", "level", "lvl", "round", "game", "set", "sets", "rep", "reps", "lesson", "unit",
    "item", "no", "number", "#", "score", "scored", "rating", "rated", "ratio", "odds", "grade", "slide", "slides",
    "verse", "section", "sec", "track", "disc", "day", "week", "module", "task", "issue", "ticket", "row", "seat",
    "room", "gate", "flat", "apt", "apartment", "platform", "size", "bus", "route", "line", "table", "desk",
  ]
  /// Markers after which a short day word at the end of the line is a day: "due tom", "until tom".
  static let shortDayMarkers: Set<String> = ["due", "until", "till", "til", "on"]
  /// The parts of a period "early", "mid" and "late" name, in thirds: the 1st–10th, 11th–20th and 21st–end of a
  /// month (as Duckling reads them); Monday–Tuesday, Wednesday–Thursday and Friday–Sunday of a week; January–April,
  /// May–August and September–December of a year.
  static let periodParts: [String: Int] = ["early": 0, "mid": 1, "middle": 1, "late": 2]
  /// What an occasion has, so that "monday call notes" is the notes of Monday's call, not a call to "notes".
  static let occasionParts: Set<String> = [
    "notes", "note", "prep", "agenda", "minutes", "summary", "slides", "deck", "recap", "recording", "invite",
    "link", "rota", "follow-up", "followup", "list", "plan", "script", "questions", "time",
  ]
  /// Words that open the object of a verb: after "email" or "call" they make it the task's verb ("monday email
  /// the accountant", "sunday call grandma", "friday call Bob"), not an occasion ("monday email newsletter").
  static let objectWords: Set<String> = [
    "the", "a", "an", "my", "our", "your", "his", "her", "their", "him", "them", "me", "us", "back", "mum", "mom",
    "dad", "grandma", "grandpa", "gran", "granny", "nan", "nana", "grandad", "mummy", "daddy", "auntie", "uncle",
    "everyone", "all",
  ]

  /// Words before a title of a song, a film, a show or a book ("listen to Manic Monday", "watch Freaky Friday"):
  /// capitalised words after them are the title's, a day among them too.
  static let titleVerbs: Set<String> = [
    "watch", "watching", "rewatch", "read", "reading", "stream", "sing", "download",
  ]
}
