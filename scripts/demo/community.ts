import type { PostExpiryDays, PostType } from "../../src/shared/posts.ts";

/**
 * The demo community (issue 20): neighbours in and around Cambridge, UK. Every time is in days
 * before the run, so the feed always looks a few weeks old. Texts are plain and polite: the chat's
 * profanity filter leaves them as they are (test/demo.test.ts checks).
 */

/** Places of the bundled gazetteer (GeoNames ids). */
export const PLACES = {
  cambridge: 2653941,
  histon: 2646828,
  waterbeach: 2634701,
  ely: 2650023,
  cottenham: 2652269,
  girton: 2648627,
  sawston: 2638474,
  comberton: 2652502,
  royston: 2639018,
  newmarket: 2641616,
  saffronWalden: 2638878,
} as const;

/** A portrait-like picture: colours of its background and of the figure (see demo-photos.ts). */
export type PhotoLook = { sky: [string, string]; figure: string; accent: string };

export type DemoMember = {
  username: string;
  areaId: number;
  /** Names on the skill list: SPEC's seven, or DEMO_SKILL. */
  skills: string[];
  interests: string[];
  bio: string;
  /** Joined this many days ago. */
  joinedDaysAgo: number;
  showEmail: boolean;
  /** An uploaded photo; the others keep their generated avatar. */
  photo?: PhotoLook;
};

/**
 * A skill beyond SPEC's seven (issue 33), added to the skill list as a moderator would at
 * /moderation/skills: a demo member offers it and a post's topic ("Gardening") names it.
 */
export const DEMO_SKILL = {
  name: "Gardener",
  synonyms: ["gardening", "garden", "gardens", "lawn", "lawns", "hedges", "pruning", "weeding"],
};

/** Every demo account's email is `<username>@DEMO_EMAIL_DOMAIN`: how a later run knows its own. */
export const DEMO_EMAIL_DOMAIN = "demo.talents.example";

/** The password of every demo account (they are for trying the app, never for real use). */
export const DEMO_PASSWORD = "local-talents-demo";

export const demoEmail = (username: string) => `${username}@${DEMO_EMAIL_DOMAIN}`;

export const MEMBERS: DemoMember[] = [
  {
    username: "ana_bakes",
    areaId: PLACES.cambridge,
    skills: ["Personal Chef"],
    interests: ["Graphic Designer", "Tour Guide"],
    bio: "Home cook off Mill Road with my Portuguese grandmother's recipes. I cook for dinner parties and birthdays, and teach batch cooking to anyone who wants calmer weeknights.",
    joinedDaysAgo: 58,
    showEmail: true,
    photo: { sky: ["#f6d365", "#fda085"], figure: "#5b3a29", accent: "#c0392b" },
  },
  {
    username: "tom_fixes",
    areaId: PLACES.histon,
    skills: ["Plumber", "Gardener"],
    interests: ["Website Developer"],
    bio: "Retired plumber, thirty years on the tools around Histon and Impington. Happy to look at a dripping tap or a cold radiator, or to tell you what to ask before you call someone in.",
    joinedDaysAgo: 55,
    showEmail: false,
  },
  {
    username: "priya_codes",
    areaId: PLACES.cambridge,
    skills: ["Website Developer", "Graphic Designer"],
    interests: ["Math Teacher"],
    bio: "Front-end developer at a start-up on the Science Park. In the evenings I build small, fast websites for clubs, charities and shops around Cambridge.",
    joinedDaysAgo: 51,
    showEmail: true,
    photo: { sky: ["#a1c4fd", "#c2e9fb"], figure: "#2d3561", accent: "#f9a826" },
  },
  {
    username: "mateo_maths",
    areaId: PLACES.girton,
    skills: ["Math Teacher"],
    interests: ["Personal Chef"],
    bio: "PhD student in applied maths. I tutor GCSE and A-level, and I am patient with people who have been told they are not maths people.",
    joinedDaysAgo: 47,
    showEmail: false,
  },
  {
    username: "grace_draws",
    areaId: PLACES.ely,
    skills: ["Graphic Designer", "Fashion Designer"],
    interests: ["Tour Guide"],
    bio: "Illustrator and printmaker a short walk from the cathedral. Logos, posters, shop signs and wedding stationery, drawn by hand first.",
    joinedDaysAgo: 44,
    showEmail: true,
    photo: { sky: ["#d4fc79", "#96e6a1"], figure: "#3b4d3a", accent: "#7b2cbf" },
  },
  {
    username: "olu_walks",
    areaId: PLACES.cambridge,
    skills: ["Tour Guide"],
    interests: ["Personal Chef", "Graphic Designer"],
    bio: "City guide for twelve years. I know which college lawns you may not walk on, and the stories behind the ones you may. Walks for families, schools and visiting relatives.",
    joinedDaysAgo: 40,
    showEmail: false,
    photo: { sky: ["#84fab0", "#8fd3f4"], figure: "#2c1a12", accent: "#0b6e4f" },
  },
  {
    username: "hannah_sews",
    areaId: PLACES.cottenham,
    skills: ["Fashion Designer"],
    interests: ["Graphic Designer"],
    bio: "Dressmaker and alterations in Cottenham. Prom dresses, hems and zips, and lessons for beginners on their own sewing machines.",
    joinedDaysAgo: 37,
    showEmail: true,
    photo: { sky: ["#fbc2eb", "#a6c1ee"], figure: "#4a2c40", accent: "#e76f51" },
  },
  {
    username: "sam_plumbing",
    areaId: PLACES.waterbeach,
    skills: ["Plumber"],
    interests: ["Website Developer", "Graphic Designer"],
    bio: "Gas Safe registered plumber based in Waterbeach. Small jobs welcome: leaks, new taps, outside taps before winter.",
    joinedDaysAgo: 33,
    showEmail: false,
  },
  {
    username: "lucy_learns",
    areaId: PLACES.sawston,
    skills: [],
    interests: ["Math Teacher", "Personal Chef"],
    bio: "New to Sawston with two children and a dog. Looking for a maths tutor for my eldest, and for someone to teach me to cook for a crowd.",
    joinedDaysAgo: 26,
    showEmail: false,
  },
  {
    username: "wei_cooks",
    areaId: PLACES.newmarket,
    skills: ["Personal Chef"],
    interests: ["Website Developer"],
    bio: "Sichuan cooking classes in your own kitchen, and meal prep for new parents. Mild versions on request!",
    joinedDaysAgo: 22,
    showEmail: true,
    photo: { sky: ["#ff9a9e", "#fecfef"], figure: "#1f1d36", accent: "#3f8efc" },
  },
  {
    username: "james_history",
    areaId: PLACES.saffronWalden,
    skills: ["Tour Guide", "Math Teacher"],
    interests: ["Graphic Designer"],
    bio: "Retired teacher and local historian. Walks around Saffron Walden's maze, castle and market, and maths help for adults going back to study.",
    joinedDaysAgo: 18,
    showEmail: false,
  },
  {
    username: "fatima_designs",
    areaId: PLACES.royston,
    skills: ["Website Developer", "Graphic Designer"],
    interests: ["Fashion Designer"],
    bio: "Freelance designer in Royston. Brand colours, menus and simple websites for small businesses that want to look as good as they are.",
    joinedDaysAgo: 12,
    showEmail: false,
  },
];

/** The two members whose sign-ins the demo prints. */
export const SIGN_IN_MEMBERS = ["ana_bakes", "tom_fixes"] as const;

/**
 * The demo's moderator (issue 34), printed too. Moderators are named by ADMIN_EMAILS (decision
 * 010), which the demo cannot set for the server: it prints the start command that names them.
 */
export const MODERATOR_MEMBER = "grace_draws";

export type DemoPost = {
  author: string;
  kind: PostType;
  title: string;
  topic: string;
  body: string;
  daysAgo: number;
  /** Another place than its author's. */
  areaId?: number;
  /** Marked filled this many days ago. */
  filledDaysAgo?: number;
  /** Edited this many days ago, to these words. */
  edit?: { daysAgo: number; body: string };
  /** How long it runs from when it was posted (issue 32): 30, 60 (unset) or 90 days. */
  expiryDays?: PostExpiryDays;
};

export const POSTS: DemoPost[] = [
  {
    author: "ana_bakes",
    kind: "offering",
    title: "Batch cooking class: a week of dinners in one afternoon",
    topic: "Cooking",
    body: "Bring containers and an appetite. In three hours we cook five dinners that keep, and you take them home. Up to four people in my kitchen off Mill Road; vegetarian options always.",
    daysAgo: 27,
    // Expires in 3 days: its author has the "Still offering …?" reminder.
    expiryDays: 30,
  },
  {
    author: "tom_fixes",
    kind: "offering",
    title: "Dripping taps and noisy radiators looked at",
    topic: "Plumbing",
    body: "Retired, so no call-out charge: I will come round, tell you what is wrong and fix it if it is small. Histon, Impington and Girton.",
    daysAgo: 25,
    expiryDays: 30,
  },
  {
    author: "lucy_learns",
    kind: "looking-for",
    title: "GCSE maths tutor for my son, Saturday mornings",
    topic: "Maths tutoring",
    body: "Year 10, bright but has lost confidence with algebra. An hour a week in Sawston or online. Recommendations very welcome.",
    daysAgo: 24,
    filledDaysAgo: 16,
  },
  {
    author: "priya_codes",
    kind: "offering",
    title: "A simple website for your club or shop",
    topic: "Web design",
    body: "Five pages, fast on phones, and you can change the words yourself. I do a few a year at cost for local groups. Tell me what you do and I will sketch it.",
    daysAgo: 23,
  },
  {
    author: "mateo_maths",
    kind: "offering",
    title: "GCSE and A-level maths tutoring in Girton",
    topic: "Maths tutoring",
    body: "Patient, structured, and with past papers. First session free to see if we get on. Evenings and weekends, at the library or online.",
    daysAgo: 22,
    edit: {
      daysAgo: 9,
      body: "Patient, structured, and with past papers. First session free to see if we get on. Evenings and weekends, at Girton library or online; I now also help with the further maths MAT and STEP papers.",
    },
  },
  {
    author: "grace_draws",
    kind: "offering",
    title: "Hand-drawn logos and shop signs",
    topic: "Design",
    body: "From a pencil sketch to files your printer will love. I have drawn signs for two cafés and a bike shop in Ely; happy to show them.",
    daysAgo: 20,
  },
  {
    author: "hannah_sews",
    kind: "looking-for",
    title: "Someone to redo my little shop's website",
    topic: "Web design",
    body: "My alterations business has a website from 2012 that does not work on phones. I would like prices, opening hours and a contact form. Cottenham or nearby.",
    daysAgo: 19,
    filledDaysAgo: 11,
  },
  {
    author: "olu_walks",
    kind: "offering",
    title: "Family walking tour of the colleges and the Backs",
    topic: "Tours",
    body: "Ninety minutes, pushchair friendly, with stories children remember: the Mathematical Bridge, the Eagle pub's ceiling, and where Newton did not sit under a tree.",
    daysAgo: 18,
  },
  {
    author: "sam_plumbing",
    kind: "offering",
    title: "Outside taps fitted before the frost",
    topic: "Plumbing",
    body: "Fitted with an isolation valve inside so you can drain it for winter. Waterbeach, Landbeach and Milton, usually within the week.",
    daysAgo: 16,
  },
  {
    author: "wei_cooks",
    kind: "offering",
    title: "Sichuan cooking evening in your kitchen",
    topic: "Cooking",
    body: "Mapo tofu, dry-fried beans and dan dan noodles for up to six. I bring the peppercorns and the wok; you keep the leftovers.",
    daysAgo: 14,
  },
  {
    author: "ana_bakes",
    kind: "looking-for",
    title: "A logo for my supper club",
    topic: "Design",
    body: "I am starting a monthly supper club and need a small logo for menus and a sign on the door. Something warm, hand-drawn if possible.",
    daysAgo: 13,
  },
  {
    author: "james_history",
    kind: "offering",
    title: "Walks around old Saffron Walden",
    topic: "Tours",
    body: "The turf maze, the castle ruins and the market square, with a stop for tea. Two hours at an easy pace; groups of up to ten.",
    daysAgo: 11,
  },
  {
    author: "tom_fixes",
    kind: "looking-for",
    title: "Help putting my plumbing tips on a web page",
    topic: "Web design",
    body: "I have written down thirty years of plumbing tips for neighbours. I would like them on a simple page people can find. Happy to pay in fixed taps.",
    daysAgo: 9,
  },
  {
    author: "hannah_sews",
    kind: "offering",
    title: "Beginners' sewing on your own machine",
    topic: "Sewing",
    body: "Get that machine out of the cupboard. Threading, straight seams and a tote bag by the end of the first evening. Cottenham, Histon and Waterbeach.",
    daysAgo: 7,
  },
  {
    author: "lucy_learns",
    kind: "looking-for",
    title: "Cook for a crowd: thirty at a christening",
    topic: "Cooking",
    body: "We are hosting family from all over in June. I would love someone to plan the food with me and cook some of it. Sawston.",
    daysAgo: 5,
  },
  {
    author: "fatima_designs",
    kind: "offering",
    title: "Menus and price lists that are easy to read",
    topic: "Design",
    body: "Cafés, salons and market stalls: one page, your colours, printed or on screen. Royston and the villages around it.",
    daysAgo: 4,
  },
  {
    author: "grace_draws",
    kind: "looking-for",
    title: "A walking tour for visiting cousins",
    topic: "Tours",
    body: "Six cousins from Canada visit Cambridge in two weeks and I would love someone who knows the stories to show them around for an afternoon.",
    daysAgo: 2.5,
    areaId: PLACES.cambridge,
  },
  {
    author: "priya_codes",
    kind: "looking-for",
    title: "Someone to alter a suit for a wedding",
    topic: "Sewing",
    body: "Trousers need taking up and the jacket sleeves shortening, in time for a wedding at the end of the month.",
    daysAgo: 1.2,
  },
  {
    author: "tom_fixes",
    kind: "offering",
    title: "Hedges trimmed and lawns mown while the weather holds",
    topic: "Gardening",
    body: "I have the tools and the time: hedges, lawns and a general tidy before winter, around Histon and Impington. Pay what it was worth to you.",
    daysAgo: 6,
  },
  {
    author: "james_history",
    kind: "offering",
    title: "Old family photos scanned and labelled",
    topic: "History",
    body: "I scan prints and slides at home and help you put names and dates to them, so the family album can be shared.",
    daysAgo: 40,
    expiryDays: 30,
  },
];

export type DemoReview = {
  author: string;
  subject: string;
  rating: number;
  title: string;
  body: string;
  daysAgo: number;
  reply?: { body: string; daysAgo: number };
};

export const REVIEWS: DemoReview[] = [
  {
    author: "lucy_learns",
    subject: "mateo_maths",
    rating: 5,
    title: "My son enjoys algebra now",
    body: "Mateo was patient and clear, and my son went from dreading maths to doing extra questions. Worth every penny.",
    daysAgo: 15,
    reply: {
      body: "Thank you, Lucy! He did all the hard work; good luck to him in the mocks.",
      daysAgo: 14,
    },
  },
  {
    author: "hannah_sews",
    subject: "priya_codes",
    rating: 5,
    title: "A website I can finally show people",
    body: "Priya listened, explained everything without jargon and the new site works beautifully on my phone. Two new customers in the first week.",
    daysAgo: 10,
    reply: {
      body: "It was a pleasure, Hannah. Send me a photo of the next prom dress for the gallery!",
      daysAgo: 9.5,
    },
  },
  {
    author: "ana_bakes",
    subject: "tom_fixes",
    rating: 5,
    title: "Fixed in ten minutes, and I learnt why",
    body: "Tom came round the same evening, replaced a washer and showed me how to do it myself next time.",
    daysAgo: 21,
  },
  {
    author: "priya_codes",
    subject: "ana_bakes",
    rating: 4,
    title: "Lovely class, lots of food",
    body: "I left with five dinners and a notebook of tricks. It ran a little over time, but nobody minded.",
    daysAgo: 17,
    reply: { body: "Thank you! Next time I will start the rice earlier.", daysAgo: 16.5 },
  },
  {
    author: "grace_draws",
    subject: "olu_walks",
    rating: 5,
    title: "Our cousins are still talking about it",
    body: "Olu knew a story for every corner and kept six jet-lagged adults entertained for two hours.",
    daysAgo: 6,
  },
  {
    author: "olu_walks",
    subject: "wei_cooks",
    rating: 5,
    title: "Best dinner party we have had",
    body: "Wei cooked, taught and tidied up. The mapo tofu was the star; the mild version was perfect for our children.",
    daysAgo: 8,
  },
  {
    author: "sam_plumbing",
    subject: "grace_draws",
    rating: 4,
    title: "A van sign people notice",
    body: "Grace drew a sign for my van that people actually comment on. It took a couple of rounds to get right.",
    daysAgo: 12,
  },
  {
    author: "tom_fixes",
    subject: "priya_codes",
    rating: 5,
    title: "Patient with an old plumber",
    body: "Priya helped me plan my page of tips and showed me how to change it myself.",
    daysAgo: 3,
  },
  {
    author: "mateo_maths",
    subject: "ana_bakes",
    rating: 5,
    title: "Fed me through my thesis",
    body: "Ana's batch cooking class is why I ate vegetables during my write-up. Warm, funny and very organised.",
    daysAgo: 4.5,
  },
  {
    author: "james_history",
    subject: "hannah_sews",
    rating: 3,
    title: "Good work, a little slow",
    body: "The suit fits well now, but it took three weeks rather than the one we agreed.",
    daysAgo: 5.5,
    reply: {
      body: "Sorry about the wait, James: I had a rush of prom dresses. I now give dates I can keep.",
      daysAgo: 5,
    },
  },
];

/** The public chat room's history, oldest first. */
export const CHAT: { author: string; text: string; daysAgo: number }[] = [
  {
    author: "olu_walks",
    text: "Morning all! Anyone else walking along the river in this fog?",
    daysAgo: 9.4,
  },
  {
    author: "ana_bakes",
    text: "Only as far as the bakery on Mill Road, it is warmer there.",
    daysAgo: 9.38,
  },
  {
    author: "tom_fixes",
    text: "Fog means frost later. Check your outside taps are drained!",
    daysAgo: 9.3,
  },
  {
    author: "sam_plumbing",
    text: "Seconded. I had three burst pipes last winter in Waterbeach alone.",
    daysAgo: 9.28,
  },
  {
    author: "lucy_learns",
    text: "Silly question: where do I find the stop tap in a new-build?",
    daysAgo: 7.1,
  },
  {
    author: "tom_fixes",
    text: "Usually under the kitchen sink, sometimes behind a panel in the downstairs loo.",
    daysAgo: 7.08,
  },
  { author: "lucy_learns", text: "Found it under the sink, thank you Tom!", daysAgo: 7.05 },
  {
    author: "priya_codes",
    text: "Is anyone going to the craft market at the Guildhall on Saturday?",
    daysAgo: 5.2,
  },
  {
    author: "grace_draws",
    text: "I have a stall there! Come and say hello, I am next to the cheese man.",
    daysAgo: 5.15,
  },
  { author: "hannah_sews", text: "Me too, with a rail of upcycled jackets.", daysAgo: 5.1 },
  {
    author: "wei_cooks",
    text: "Does anyone know a good place for Sichuan peppercorns near Newmarket?",
    daysAgo: 3.6,
  },
  {
    author: "ana_bakes",
    text: "The Chinese supermarket on Mill Road always has them, the red bags.",
    daysAgo: 3.55,
  },
  {
    author: "mateo_maths",
    text: "Mock exam season: free drop-in maths help at Girton library on Thursday, 5 to 7.",
    daysAgo: 2.4,
  },
  {
    author: "lucy_learns",
    text: "Sharing that with the school parents, thank you Mateo.",
    daysAgo: 2.35,
  },
  {
    author: "james_history",
    text: "Fun fact: the Saffron Walden maze is the largest turf maze of its kind in the world.",
    daysAgo: 1.6,
  },
  { author: "olu_walks", text: "Adding that to my tour notes, James!", daysAgo: 1.55 },
  {
    author: "fatima_designs",
    text: "Hello everyone, new here from Royston. Lovely to find this.",
    daysAgo: 0.9,
  },
  {
    author: "priya_codes",
    text: "Welcome Fatima! The feed is the place to post what you offer.",
    daysAgo: 0.85,
  },
  {
    author: "grace_draws",
    text: "Welcome! A fellow designer, we should swap notes.",
    daysAgo: 0.8,
  },
  {
    author: "tom_fixes",
    text: "Sunny for once. Good day to bleed the radiators before it gets cold.",
    daysAgo: 0.2,
  },
];

/** A private conversation between the two demo sign-ins, oldest first. */
export const DIRECT_MESSAGES: { from: string; to: string; text: string; daysAgo: number }[] = [
  // Issue 32: conversations before reviews make those reviews "Met through a conversation", and
  // quick answers give Tom and Priya "Usually replies within a few hours · Replies to most
  // messages". Oldest first: each pair's conversation is started by its first message here.
  {
    from: "ana_bakes",
    to: "tom_fixes",
    text: "Hello Tom, my kitchen tap drips all night. Could you have a look this week?",
    daysAgo: 22.5,
  },
  {
    from: "tom_fixes",
    to: "ana_bakes",
    text: "Sounds like a washer. I can come by this evening after six.",
    daysAgo: 22.4,
  },
  {
    from: "lucy_learns",
    to: "mateo_maths",
    text: "Hi Mateo, could you help my son with GCSE algebra on Saturdays?",
    daysAgo: 16.5,
  },
  {
    from: "mateo_maths",
    to: "lucy_learns",
    text: "Happy to. Saturday mornings at the library work well for me.",
    daysAgo: 16.4,
  },
  {
    from: "tom_fixes",
    to: "ana_bakes",
    text: "Hello Ana, I saw you are after a logo. Grace in Ely drew a lovely sign for Sam's van.",
    daysAgo: 12,
  },
  {
    from: "ana_bakes",
    to: "tom_fixes",
    text: "Thank you Tom! I will ask her. And the tap has not dripped since, by the way.",
    daysAgo: 11.9,
  },
  {
    from: "tom_fixes",
    to: "ana_bakes",
    text: "Glad to hear it. If your supper club needs a washer-upper, I know one.",
    daysAgo: 11.8,
  },
  {
    from: "hannah_sews",
    to: "priya_codes",
    text: "Priya, my shop's website looks awful on phones. Could you help?",
    daysAgo: 11.5,
  },
  {
    from: "priya_codes",
    to: "hannah_sews",
    text: "Of course! Send me the address and I will take a look tonight.",
    daysAgo: 11.4,
  },
  {
    from: "lucy_learns",
    to: "tom_fixes",
    text: "Tom, where would the stop tap be in a new-build? I cannot find ours.",
    daysAgo: 7.2,
  },
  {
    from: "tom_fixes",
    to: "lucy_learns",
    text: "Usually under the kitchen sink, behind the kick board. Shout if it is not there.",
    daysAgo: 7.15,
  },
  {
    from: "sam_plumbing",
    to: "tom_fixes",
    text: "Got a boiler job in Histon on Friday. Fancy an extra pair of hands?",
    daysAgo: 5,
  },
  {
    from: "tom_fixes",
    to: "sam_plumbing",
    text: "Count me in. I will bring the long spanner.",
    daysAgo: 4.9,
  },
  {
    from: "tom_fixes",
    to: "priya_codes",
    text: "Priya, could you help me put my plumbing tips on a web page?",
    daysAgo: 4,
  },
  {
    from: "priya_codes",
    to: "tom_fixes",
    text: "Yes! Let's start with a simple page you can edit yourself.",
    daysAgo: 3.9,
  },
  {
    from: "fatima_designs",
    to: "priya_codes",
    text: "Would you look over the code of my portfolio site?",
    daysAgo: 2.5,
  },
  {
    from: "priya_codes",
    to: "fatima_designs",
    text: "Gladly, send me the link and I will have notes for you tomorrow.",
    daysAgo: 2.45,
  },
  {
    from: "james_history",
    to: "tom_fixes",
    text: "My bookshelf is coming away from the wall. Is that a job for you?",
    daysAgo: 2,
  },
  {
    from: "tom_fixes",
    to: "james_history",
    text: "It is. I can fix it with proper wall plugs on Thursday.",
    daysAgo: 1.95,
  },
];
