/// What the person has to do, as they would write it: no words the capture language reads as a time, a type or an
/// energy, unless on purpose (the obligations carry `pay`, `submit`, `renew`, `rsvp`, `invoice`, `tax`, or a party
/// with a deadline). Each title is its own thing, so families of near-identical titles are rare.
enum Titles {
  static let chores = [
    "tidy the desk", "water the plants", "clean the fridge", "sort the sock drawer", "descale the kettle",
    "vacuum the hallway", "wipe the kitchen counters", "take out the recycling", "change the bed sheets",
    "fold the laundry", "oil the squeaky door", "replace the shower curtain", "organise the spice rack",
    "defrost the freezer", "clean the bathroom mirror", "sweep the balcony", "sort old photos", "back up the laptop",
    "update the phone", "repot the basil", "dust the bookshelf", "wash the car", "mend the torn jacket",
    "sharpen the kitchen knives", "empty the dishwasher", "recycle old batteries", "tidy the shoe rack",
    "clean the oven", "sort the junk drawer", "fix the wobbly chair", "hang the picture frame", "clean the windows",
    "donate old clothes", "charge the bike lights", "refill the soap dispenser", "tighten the cupboard hinge",
    "label the storage boxes", "clear out old leftovers", "wipe the light switches", "brush the cat",
    "write a shopping list", "unsubscribe from spam lists", "check the tyre pressure", "clear the gutters",
    "pick up the dry cleaning", "return the library books", "buy stamps", "order printer ink", "fix the dripping tap",
    "reorganise the wardrobe", "clean the keyboard", "polish the leather boots", "empty the vacuum cleaner",
    "declutter the bedside table", "scrub the bathtub", "wash the curtains", "pump up the bike tyres",
    "clean the cooker hood", "tidy the cable drawer", "sort the freezer bags", "bleed the radiators",
    "put up the coat hooks", "glue the broken mug", "clean the trainers", "air out the duvet", "wipe the skirting",
    "sort the bookshelf by colour", "water the hanging baskets", "clean the microwave", "replace the smoke alarm cell",
    "tidy the garden shed", "rake the leaves", "fill the bird feeder", "clean the cat litter tray",
    "sort the loose screws", "tidy the hall cupboard", "fix the loose drawer handle", "wash the dog bed",
    "clean the coffee machine", "sort the medicine cabinet", "wipe the fridge door seals",
  ]

  /// Chores with steps, written as a person writes a list: "title: a, b, c".
  static let choresWithSteps: [(String, [String])] = [
    ("clean the kitchen", ["dishes", "counters", "floor"]),
    ("pack the gym bag", ["towel", "shoes", "water bottle"]),
    ("set up the new printer", ["unbox it", "install the driver", "print a test page"]),
    ("sort the paperwork", ["receipts", "letters", "warranties"]),
    ("get the spare room ready", ["clear the bed", "fresh towels", "air the room"]),
    ("clear the balcony", ["dead plants", "old pots", "sweep"]),
    ("do the big shop", ["make the list", "drive to the shop", "put it away"]),
    ("move the desk to the window", ["empty it", "carry it", "plug things in"]),
    ("tidy the living room", ["cushions", "magazines", "hoover"]),
    ("service the bike", ["clean the chain", "oil it", "check the brakes"]),
  ]

  /// Obligations: the capture language reads the type from the words.
  static let obligations = [
    "pay the electricity bill", "pay the parking fine", "pay the nursery fees", "submit the expense report",
    "submit the insurance claim", "submit the timesheet", "submit the grant application", "renew the passport",
    "renew the car insurance", "renew the gym membership", "renew the domain name", "rsvp to the wedding invitation",
    "send the invoice for the logo work", "file the tax return", "answer the council tax letter", "pay the plumber",
    "submit the school trip form", "renew the library card", "pay the phone bill", "submit the conference abstract",
    "pay the window cleaner", "renew the parking permit", "pay the dentist bill", "submit the visa paperwork",
    "rsvp to the reunion dinner", "pay the water bill", "submit the planning objection", "renew the TV licence",
    "pay the vet", "submit the jury duty reply", "renew the home insurance", "pay the credit card",
    "submit the warranty claim", "pay for the school photos", "renew the train season ticket",
  ]

  /// Obligations owed to a party, read as such because of the deadline (`by …`).
  static let partyObligations = [
    "email the landlord about the boiler", "call the dentist to move the check-up",
    "send the client the revised quote", "tell the school about the absence", "ring the bank about the card",
    "send the accountant the receipts", "reply to the manager about the rota", "call the doctor about the results",
  ]

  static let goals = [
    "learn to juggle", "practise guitar scales", "write the first chapter of my novel", "learn basic Spanish phrases",
    "build a bird box", "start a journal", "sketch the view from the window", "learn to bake sourdough",
    "study chess openings", "make a photo book", "teach myself touch typing", "cook a new curry recipe",
    "build a bookshelf", "knit a scarf", "train for the charity swim", "code a small game", "learn to change a tyre",
    "read a book on stoicism", "paint the fence mural", "record a song cover", "plan the allotment beds",
    "learn to solve the cube", "write letters to old friends", "try bouldering", "map out the family tree",
  ]

  static let goalSteps: [[String]] = [
    ["find a tutorial", "practise the basics", "try it for real"],
    ["gather materials", "make a rough plan", "do the first session"],
    ["read about it", "set a weekly slot"],
  ]

  /// Steps the person adds when a task is to be broken down or made smaller.
  static let breakdownSteps = [
    "find what is needed", "do the first small part", "set a timer and start", "write down the next move",
    "clear a space for it", "ask someone how they did it", "gather the papers", "look up how it is done",
    "do the easiest bit", "put the tools out", "make a rough plan", "finish the last part",
  ]

  static let tags = ["home", "errands", "garden", "admin", "health", "work"]
}
