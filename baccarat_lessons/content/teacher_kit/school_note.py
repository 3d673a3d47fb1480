"""The note on gambling for school use, written once: the teacher notes of lesson 00, every teacher
handout and the README say it in these words (a test holds the README to them)."""

SCHOOL_NOTE = (
    "Every chip in this course is a virtual practice chip: nothing is bought, cashed or won, and nothing "
    "links to a gambling site. Real gambling is for adults only, at the legal age where they live (18 or 21 "
    "in most places), and every bet in these games loses on average in the long run. If gambling worries a student or "
    "someone they know, help is free and confidential: national gambling helplines such as GamCare (UK) or "
    "1-800-GAMBLER (US), or a doctor or school counsellor."
)
