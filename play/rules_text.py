"""The rules summary shown from the menus, a page per screen (26 x 8).

A page is (title, lines) or (title, lines, cards): ``cards`` names the cards
drawn under the text, as they look in play (then at most 6 lines).

Imported only while the pages are on screen (the flow drops the module
afterwards), so its text costs no heap during play.
"""

PAGES = (
    (
        "Rules: the cards",
        (
            "Values 1-6 and the llama.",
            "2/3 and 4/5 count as both",
            "values. Icons on a card:",
            "o you give a token away,",
            "# the next player draws,",
            "* take the magic token.",
        ),
        "1 1o 2# 3* 2/3 4/5 6 L",
    ),
    (
        "Rules: the goal",
        (
            "Fewest points wins. You",
            "score the cards left in",
            "your hand when a round",
            "ends. The game ends when",
            "someone has 40 or more.",
            "White token = 1 point,",
            "black = 10. You start",
            "with 3 whites.",
        ),
    ),
    (
        "Rules: your turn",
        (
            "Play a card, draw one,",
            "or quit the round.",
            "Play the same value as",
            "the top card or one",
            "higher: 1 2 3 4 5 6 L 1..",
            "A llama goes on a 6 or a",
            "llama; a 1 on a llama.",
            "2/3 and 4/5 count both.",
        ),
    ),
    (
        "Rules: round end",
        (
            "A round ends on someone's",
            "last card, or if all quit.",
            "Each value left in hand",
            "counts once; llamas 10.",
            "Went out? Give back one",
            "token (white or black).",
            "Quit early to stop",
            "collecting points.",
        ),
    ),
    (
        "Rules: card icons",
        (
            "o (every 1): give your",
            "  lowest token to a",
            "  player still in.",
            "# : the next player",
            "  still in draws a card.",
            "* : take the magic token.",
            "Magic token: skip a turn",
            "by returning it; 10 pts.",
        ),
    ),
    (
        "Rules: magic show",
        (
            "A llama puts your lowest",
            "token on the stage. With",
            "5+ tokens there the show",
            "is on: play a llama or",
            "Take all stage tokens,",
            "then play your turn.",
            "Swap 10 whites for a",
            "black any turn (10>1).",
        ),
    ),
    (
        "Rules: classic",
        (
            "L.L.A.M.A. (classic):",
            "56 cards, 1-6 and llama,",
            "no icons, no doubles, no",
            "stage or magic token;",
            "you start with no",
            "tokens. Everything else",
            "is the same.",
            "",
        ),
    ),
)
