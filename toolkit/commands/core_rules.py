"""The core's diagnostic codes, for `toolkit check --explain CODE`: for each, its title,
where the rule comes from, what it means and an example of the fix. A game's codes live in
its pack (`GamePack.rules`); the provenance codes in `toolkit.check.provenance`."""

from __future__ import annotations

from toolkit.check.provenance import RULES as PROVENANCE_RULES
from toolkit.games import Rule

_LOADER = "content files are plain YAML data"
CORE_RULES: dict[str, Rule] = {
    r.code: r
    for r in (
        Rule(
            "YAML-SYNTAX",
            "YAML syntax",
            "YAML 1.2",
            f"{_LOADER}: the file does not parse.",
            "names: [a, b]   # a flow list needs its closing bracket",
        ),
        Rule(
            "YAML-DUPLICATE-KEY",
            "Duplicate key",
            "YAML 1.2",
            "A key appears twice in one mapping; YAML loaders silently keep one of the values.",
            "",
        ),
        Rule(
            "YAML-TAG",
            "No tags",
            "RELIABILITY.md",
            f"{_LOADER}: tags (`!!python/...`, `!dice`) are refused, so no content can run "
            "code or change how a value is read.",
            "",
        ),
        Rule(
            "YAML-ANCHOR",
            "No anchors",
            "RELIABILITY.md",
            f"{_LOADER}: anchors and aliases are refused (alias bombs, shared values that "
            "change in two places). Write values out in full.",
            "",
        ),
        Rule("YAML-ALIAS", "No aliases", "RELIABILITY.md", "See YAML-ANCHOR.", ""),
        Rule(
            "YAML-DEPTH",
            "Nesting depth",
            "RELIABILITY.md",
            "Values nest at most 32 levels deep.",
            "",
        ),
        Rule(
            "YAML-ENCODING",
            "UTF-8 only",
            "RELIABILITY.md",
            "Content files are UTF-8 (a UTF-8 byte-order mark is tolerated). Re-save the file "
            "as UTF-8 in your editor.",
            "",
        ),
        Rule(
            "YAML-CONTROL-CHAR",
            "No control characters",
            "RELIABILITY.md",
            "Control characters other than tab and newline break SVG and PDF output.",
            "",
        ),
        Rule(
            "YAML-INVISIBLE-CHAR",
            "No invisible characters",
            "RELIABILITY.md",
            "Bidirectional overrides and zero-width characters make text read differently "
            "from what it is (Trojan Source).",
            "",
        ),
        Rule(
            "YAML-SIZE",
            "Size limits",
            "RELIABILITY.md",
            "A file is at most 1 MB, a value at most 50,000 characters.",
            "",
        ),
        Rule("YAML-EMPTY", "Empty file", "", "The file holds no content.", ""),
        Rule("YAML-MULTIDOC", "One document a file", "", "One `---` document per file.", ""),
        Rule("YAML-KEY", "Plain keys", "", "Mapping keys are plain text.", ""),
        Rule(
            "SCHEMA-UNKNOWN-KEY",
            "Unknown field",
            "the content kind's schema",
            "A field the kind does not have, usually a typo; the message suggests the field meant.",
            "seats:   # not seets:",
        ),
        Rule(
            "SCHEMA-MISSING",
            "Missing field",
            "the content kind's schema",
            "A required field is absent.",
            "",
        ),
        Rule(
            "SCHEMA-TYPE",
            "Wrong type",
            "the content kind's schema",
            "A value of the wrong kind (text for a number, a list for a mapping). Quote "
            "values such as 1.10 that must stay text.",
            'version: "1.10"',
        ),
        Rule(
            "SCHEMA-VALUE",
            "Value out of range",
            "the content kind's schema",
            "A value outside what the field allows (a range, a pattern, a list length).",
            "",
        ),
        Rule(
            "CONTENT-UNKNOWN-FILE",
            "Unknown file",
            "DESIGN.md",
            "A file that looks like content but is not read: a `.yaml` file where the game "
            "pack expects none, an upper-case or doubled extension (`lazar.YAML`, "
            "`lazar.yaml.txt`), a hidden `.lazar.yaml`, a content file in `assets/`. The "
            "message names the file it was probably meant to be.",
            "heroes/lazar.YAML  ->  heroes/lazar.yaml",
        ),
        Rule(
            "CONTENT-SKIPPED",
            "File not read",
            "DESIGN.md",
            "A file or folder under the game folder that is not content (a README, an "
            "editor's backup, a hidden folder) is not read; a warning says so, so that no "
            "file is skipped in silence.",
            "",
        ),
        Rule("CONTENT-MISSING", "Missing file", "DESIGN.md", "A required file is absent.", ""),
        Rule(
            "CONTENT-OUTSIDE",
            "Link out of the content folder",
            "RELIABILITY.md",
            "A link (to a file or a folder, the game folder and `assets/` included) that "
            "leads outside the content folder, or to a hidden file, is not followed: nothing "
            "is read through it. Content files must be real files inside the content folder.",
            "",
        ),
        Rule(
            "CONTENT-LINK",
            "One folder, two ways",
            "RELIABILITY.md",
            "Two paths under the game folder reach the same folder (a link joins them); its "
            "files are read once, by the first path, and the second is reported.",
            "",
        ),
        Rule(
            "CONTENT-NOT-FILE",
            "Not a regular file",
            "RELIABILITY.md",
            "FIFOs, devices and the like are never opened.",
            "",
        ),
        Rule(
            "CONTENT-DUPLICATE",
            "One file of a kind",
            "DESIGN.md",
            "A kind there is one of (a game file, a cast) is given twice, e.g. cast.yaml and "
            "cast.csv; the second is not read.",
            "",
        ),
        Rule(
            "CSV-HEADER",
            "CSV header",
            "DESIGN.md",
            "A CSV content file starts with a row naming its columns.",
            "name,house,rank",
        ),
        Rule(
            "CSV-ROW",
            "CSV row width",
            "DESIGN.md",
            "Every row of a CSV content file has one cell per column of the header; quote a "
            "cell that holds a comma.",
            '"Smith, Jo",cat,1',
        ),
        Rule(
            "CSV-SIZE",
            "CSV cell size",
            "RELIABILITY.md",
            "A CSV cell is a value like any other: at most 50,000 characters (and the file "
            "at most 1 MB).",
            "",
        ),
        Rule(
            "CSV-SYNTAX",
            "CSV quotes",
            "DESIGN.md",
            'A quoted cell ends with a quote; a quote inside it is written twice ("").',
            '"The ""Red"" Baron",cat,1',
        ),
        Rule(
            "CONTENT-IO",
            "Unreadable file",
            "",
            "A file or folder that could not be read or listed (its permissions, a link to "
            "nothing); nothing in it is read.",
            "",
        ),
        Rule(
            "CONTENT-OUTPUT-CLASH",
            "One output a path",
            "DESIGN.md",
            "Two content files (or two parts of one) make an output at the same path, so one "
            "would overwrite the other and be lost: two challenge decks of one team, two "
            "files that give one slug. Change what names the output.",
            "challenges/white-2.yaml: team: black   # not a second white deck",
        ),
        Rule(
            "CONTENT-OUTPUT-NAME",
            "Output names a file system holds",
            "DESIGN.md",
            "An output's file name (with the gallery's picture of it) must fit the 255 bytes "
            "a file system allows; a content file whose name makes a longer one is "
            "reported. Shorten the content file's name.",
            "",
        ),
        Rule(
            "CONTENT-UNKNOWN-GAME",
            "No game pack",
            "DESIGN.md",
            "A content folder with no game pack of the same name.",
            "",
        ),
        Rule(
            "CONTENT-ICON",
            "Icons in text",
            "README.md (Icons in text)",
            "`:name:` in a text places the icon `content/<game>/icons/<name>.svg` inline, one "
            "em high. The name must be an icon of the game, and the icon a plain SVG "
            "drawing: no DOCTYPE or entity, script, event attribute, foreignObject, or "
            "reference outside itself (href and url() only to `#` fragments), at most "
            "100 kB, not a link out of the content folder.",
            "text: Gain 2 :vp: when you win the vote.",
        ),
        Rule(
            "CONTENT-ART",
            "Art slots",
            "README.md (Art)",
            "A picture a content field names (an emblem, an illustration) must be a file "
            "under content/<game>/art/, reached by no link out of the content folder: a PNG "
            "or JPEG of at most 8 MB and 40 million pixels, or an SVG that is a plain "
            "drawing (no script, event attribute, foreignObject, DOCTYPE or entity, no "
            "href or url() outside itself).",
            "emblem: art/emblems/zakel.svg",
        ),
        Rule(
            "PLACEHOLDER-PATH",
            "Placeholder paths",
            "DESIGN.md (content honesty)",
            "Each `placeholders:` entry names a value of the file.",
            "placeholders: [politics]",
        ),
        Rule(
            "ERRATA-PATH",
            "Erratum paths",
            "DESIGN.md (content honesty)",
            "Each erratum's `field` names a value of the file.",
            "",
        ),
        Rule(
            "ERRATA-STALE",
            "Stale erratum",
            "DESIGN.md (content honesty)",
            "The value equals what the rules print, so the erratum no longer corrects "
            "anything. A list is compared as the rules print one, its items joined by commas "
            "(`[Aka, Fog]` reads `Aka, Fog`).",
            "",
        ),
        Rule(
            "SOURCE-PATH",
            "Source paths",
            "DESIGN.md (content honesty)",
            "Each `sources:` key names a value of the file (a dotted path such as "
            "`seats.council` or `locations.0`).",
            'sources: {seats.council: "000:481"}',
        ),
        Rule(
            "SOURCE-FORMAT",
            "Rules references",
            "README (Content: sources)",
            "A source is a rules reference: a line of a rules text `NNN:L` or lines `NNN:L-M` "
            "(000 base rules, 001 Sacred Circles, 002 Doorways to Dreams, 003 Worldspanner, "
            "004 God Emperor; God Emperor may write `L257`), a numbered section (`10.3.2.2.1`, "
            "`SC3.1.3`), a page only beside lines (`p. 13, 003:1093`); several are separated by "
            "commas. `toolkit check` reads the rules texts game.yaml names and checks that "
            "each reference states its value (RULES-VALUE, RULES-CITE).",
            'sources: {name: "000:702", category: "002:116"}',
        ),
        Rule(
            "SOURCE-PLACEHOLDER",
            "Sourced or placeholder, not both",
            "DESIGN.md (content honesty)",
            "A value either carries the rules' source or is a placeholder standing in for what "
            "the rules do not give; one value cannot be both.",
            "",
        ),
        Rule(
            "WAIVER-REASON",
            "Waivers give a reason",
            "DESIGN.md",
            "A waiver must say why the finding is acceptable.",
            'waive:\n  - {rule: FF-DECK-TAROT, reason: "..."}',
        ),
        Rule(
            "WAIVER-BLANKET",
            "No blanket waivers",
            "DESIGN.md",
            "A waiver names one rule code, no wildcard.",
            "",
        ),
        Rule(
            "WAIVER-UNKNOWN-RULE",
            "Waivers name real rules",
            "DESIGN.md",
            "The waived code is not a rule of this game.",
            "",
        ),
        Rule(
            "WAIVER-UNUSED",
            "No unused waivers",
            "DESIGN.md",
            "A waiver whose rule no longer fires in its file must go.",
            "",
        ),
        Rule(
            "KIT-FACTS",
            "One truth across a kit",
            "issue 15 (item 9)",
            "Each output declares the facts it prints (which province a region lies in, "
            "where a House's castle is); two outputs of one kit that print the same fact "
            "differently leave the players to guess which paper is right, so the build "
            "refuses the kit before rendering. Resolve the content: an erratum quoting the "
            "printed text, or a waiver with its reason.",
            'errata:\n  - {field: provinces.1.regions, printed: "...", source: L252, note: "..."}',
        ),
        Rule(
            "RENDER-TEXT",
            "Every character has a glyph",
            "toolkit/templates/common/fonts",
            "A board or counter prints text in the kit's own fonts (Cinzel, EB Garamond); a "
            "character they have no glyph for (a star in Cinzel) would print as an empty box. "
            "Use a character the font has, or draw the symbol.",
            "",
        ),
        Rule(
            "RENDER-STYLE",
            "A board stylesheet the boards can be drawn with",
            "toolkit/templates/<game>/board.css",
            "Each text class of a game's board.css that a board's labels use names a "
            "font-family, a font-weight and a font-size (in px, which are mm on a board), in "
            "a face the kit ships (Cinzel 400/700, EB Garamond 400/600/700): the labels are "
            "fitted to their spaces with that face's widths. A board template that fails "
            "(a typo, an undefined name) is reported here too, with its line.",
            '.space-label { font-family: "EB Garamond", serif; font-weight: 400; '
            "font-size: 3.4px }",
        ),
        Rule(
            "BOARD-FIT",
            "Every piece fits the spaces it stands on",
            "DESIGN.md (SVG boards); components.yaml",
            "A board space that the rules fill with a component (its `data-component`) is at "
            "least as large as that piece as components.yaml sizes it (`piece:` shape, size, "
            "height): a disc, a hex or a rectangle, turned if need be, lies inside the box "
            "around the space's shapes, or inside a round space. Told at the piece's size, "
            "for every board of every game: enlarge the spaces or make the piece smaller.",
            "piece: {shape: round, size: 12, face: pawn}",
        ),
        Rule(
            "CHECK-CRASH",
            "A check failed",
            "",
            "A rule check raised an exception: a toolkit bug. Report it with the content.",
            "",
        ),
    )
} | PROVENANCE_RULES  # RULES-VALUE, RULES-CITE, RULES-UNSOURCED, RULES-TEXT
