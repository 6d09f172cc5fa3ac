"""The declaration of the module ``city-classic``: its content and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="city-classic",
    title="The Talisman City (000): streets, shops and the Law",
    content_dir=Path(__file__).parent,
    excludes=("city-districts",),
)
MODULE.declare_decisions(
    {
        "bank": "the Bank: a loan, its repayment, a robbery, or leave",
        "barge": "a Barge or a riverman: ride to where it is bound, or not",
        "donjon": "the Donjon: how to get out",
        "voyage": "where the barge puts one ashore",
        "warrant": "a Warrant: buy one and lay it on another character, or turn one over to the Law",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "barge": "word",
        "warrant": "seat",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature(
    "loan",
    "a Loan from the Bank: 3G now, 4G to repay before leaving the City",
    kinds="bank",
    verbs="loan",
    never_pays="it costs a gold more than it lends, due before one leaves the City or the Toad drops everything "
    "carried, and the City gives no sure gold to repay it with: it buys only a way out of being penniless",
)
MODULE.feature(
    "repay",
    "a Loan repaid at the Bank",
    kinds="bank",
    verbs="repay",
    seldom="a Loan held (taken only when penniless) and the Bank reached with 4G; the bot repays whenever it can",
)
MODULE.feature(
    "rob-bank",
    "an attempt to rob the Bank (a crime)",
    kinds="bank",
    verbs="rob",
    never_pays="about 1G on average for a crime: a Toad on a 1, a Warrant on a 2 or a 6, and the Law check after",
)
MODULE.feature(
    "warrant", "a Warrant bought at the Royal Castle and laid on another character", kinds="warrant", verbs="warrant"
)
MODULE.feature(
    "hand-over", "a beaten character with a Warrant turned over to the Law", kinds="warrant", verbs="hand-over"
)
MODULE.feature(
    "barge-in", "a Barge met in the Outer or Middle Region ridden to the City's Wharf", kinds="barge", verbs="ride"
)
MODULE.feature("barge-out", "a barge paid for at the Wharf, to any space of a Region", kinds="turn", verbs="barge")
MODULE.feature("stowaway", "stowing away on a passing barge at the Wharf", kinds="turn", verbs="stowaway")
MODULE.feature(
    "riverman",
    "the Six Fates Inn's riverman's passage to the Outer Region",
    kinds="barge",
    verbs="sail",
    seldom="a 4 at the Six Fates Inn with 2G in hand, in a City the bot is leaving: a bot with an errand still in "
    "the City stays, and one leaving is seldom at the Inn (offered in 6 of 1,000 games)",
)
MODULE.feature("donjon-bribe", "a judge of the Donjon bribed", kinds="donjon", verbs="bribe")
MODULE.feature("donjon-escape", "an escape from the Donjon tried", kinds="donjon", verbs="escape")
MODULE.feature("doctor", "the Doctor's Surgery's healing", kinds="heal", verbs="heal", regions="city")
MODULE.feature("potion", "a potion bought and drunk at the Apothecary", kinds="choose", verbs="potion", regions="city")
MODULE.feature("sell", "Objects sold at the Apothecary or the Armoury", kinds="choose", verbs="sell", regions="city")
MODULE.feature(
    "shop", "arms, armour or animals bought at the Armoury or the Stables", kinds="shop", verbs="buy", regions="city"
)
MODULE.feature(
    "mend",
    "a Broken Helmet or Damaged Armour mended at the Armoury",
    kinds="choose",
    verbs=("mend-helmet", "mend-armour"),
)
MODULE.feature("temple", "a prayer at the High Temple", kinds="choose", verbs="pray", regions="city")
MODULE.feature("spell-shop", "a Spell bought at the Magic Emporium", kinds="choose", verbs="buy-spell", regions="city")
MODULE.feature(
    "blessing",
    "the Enchantress's blessing asked",
    kinds="choose",
    verbs="blessing",
    regions="city",
    never_pays="a Toad that drops everything carried on a 1, a Strength or a Craft lost on a 2 or 3, for a Craft "
    "or a Spell on 4 to 6: it loses on average",
)
MODULE.feature(
    "warp-gate",
    "the Enchantress asked to open a Warp Gate to the Timescape",
    kinds="choose",
    verbs="warp-gate",
    needs="timescape",
)
MODULE.feature(
    "guild-heal", "the Anarchists' Guild's healing of a neutral character", kinds="choose", verbs="heal", regions="city"
)
MODULE.feature("guild-address", "an address to the Anarchists' Guild", kinds="choose", verbs="address", regions="city")
MODULE.feature(
    "convert",
    "a change of alignment at the Anarchists' Guild",
    kinds="choose",
    verbs=("turn-evil", "turn-good"),
    never_pays="no alignment is better on the whole: each is helped and hurt by its own spaces and cards, "
    "so a change pays only for a plan the bot does not make",
)
MODULE.feature(
    "pedlar",
    "the Pedlar's cheap Dagger or Helmet bought in the street (a crime)",
    kinds="choose",
    verbs=("buy-dagger", "buy-helmet"),
)
MODULE.advice = ("talisman.modules.city_classic.advice:ADVICE",)
