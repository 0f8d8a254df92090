"""The rules of the match being played, said in sentences built from its options."""

from __future__ import annotations

from ..core.rules import BlockedRule, Opener, Reduction, Rules, Tally, preset_of
from ..i18n import I18n


def preset_names(i: I18n) -> dict[str, str]:
    """The presets' names in the player's language (the command line keeps the English ones)."""
    return {
        # Translators: name of the standard preset, as said in the rules text.
        "standard": i.pgettext("preset", "standard"),
        # Translators: name of the counter-stone preset (Braillespiel), as said in the rules text.
        "counters": i.pgettext("preset", "counters"),
        # Translators: name of the DominoPlaza preset, as said in the rules text.
        "dominoplaza": i.pgettext("preset", "DominoPlaza"),
    }


def rules_sentences(i: I18n, rules: Rules) -> list[str]:
    """One sentence per rule, in playing order; read by the ``rules`` command."""
    name = preset_of(rules)
    lines: list[str] = []
    if name is not None:
        # Translators: first line of the rules text.
        # {preset} is the preset's name (standard, counters, dominoplaza).
        lines.append(i.gettext("Rules of the {preset} preset.").format(preset=preset_names(i)[name]))
    else:
        # Translators: first line of the rules text when options were changed from a preset.
        lines.append(i.gettext("Rules of this match (a preset with changed options)."))
    many = rules.arms > 2
    if many:
        lines.append(
            # Translators: rules text, larger sets: the set. {highest} is 9 or 12, {count} its tiles (55, 91).
            i.gettext("Played with the double-{highest} set: {count} tiles.").format(
                highest=rules.tiles.highest, count=rules.tiles.count
            )
        )
    each, stock, reserved = rules.tiles_per_player, rules.stock_size, rules.reserved_tiles
    lines.append(
        # Translators: rules text, the deal. {players} players get {each} tiles each; {stock} tiles are left.
        i.gettext("{players} players, {each} tiles each; {stock} tiles stay in the stock.").format(
            players=rules.players, each=each, stock=stock
        )
    )
    if rules.partnerships:
        # Translators: rules text, partnerships.
        lines.append(i.gettext("Partners sit opposite each other and add their points together."))
    if reserved:
        # Translators: rules text. {count} tiles of the stock are never drawn.
        lines.append(i.gettext("The last {count} tiles of the stock are never drawn.").format(count=reserved))
    if rules.opener is Opener.LOWEST:
        # Translators: rules text, the opening.
        lines.append(i.gettext("Whoever holds the lowest double opens with it, in every hand."))
    else:
        # Translators: rules text, the opening (DominoPlaza).
        lines.append(i.gettext("Whoever holds the highest double opens with it, in every hand."))
    # Translators: rules text, the redeal.
    lines.append(i.gettext("If nobody holds a double, the tiles are dealt again."))
    if rules.opening_double_scores:
        # Translators: rules text, the opening double scores.
        lines.append(i.gettext("The opening double counts as a double header."))
    if many:
        lines.append(
            # Translators: rules text, larger sets: the arms. {arms} is 4 (double-nine: the four sides) or
            # 8 (double-twelve: the four sides and the four corners); {number} the opening double's number.
            i.gettext(
                "The opening double has {arms} arms, numbered in the order they are started. "
                "Until every arm holds a tile, only a tile with the opening double's number may be laid, "
                "and it starts the next arm; an arm not yet started is no end."
            ).format(arms=rules.arms)
        )
        lines.append(
            # Translators: rules text, larger sets, playing.
            i.gettext("Then, in turn, lay one tile at the end of any arm; the touching halves must match.")
        )
    else:
        if rules.first_arms_first:
            # Translators: rules text, DominoPlaza: the two tiles after the opening double go on its sides.
            lines.append(i.gettext("The next two tiles go on the two sides of the opening double."))
        # Translators: rules text, playing.
        lines.append(i.gettext("In turn, lay one tile at either end; the touching halves must match."))
    if not rules.draw_while_able:
        # Translators: rules text, the must-play rule.
        lines.append(i.gettext("Whoever can play must play: no drawing or passing while a tile fits."))
    if rules.draw_while_able:
        lines.append(
            # Translators: rules text, DominoPlaza: drawing is allowed at any time.
            i.gettext("You may draw one tile at a time whenever you like, as long as the stock allows.")
        )
    lines.append(
        # Translators: rules text, drawing and passing.
        i.gettext("If nothing fits, draw one tile at a time until one fits; if nothing can be drawn, pass.")
    )
    if many:
        lines.append(
            # Translators: rules text, larger sets: the headers.
            i.gettext(
                "Once every arm is started, a play scores when the end it makes shows the same number as "
                "another open end: as many points as ends show that number, one more if one of those end "
                "tiles is a double. Two ends score {double}, two with a double {triple}."
            ).format(double=rules.double_header, triple=rules.triple_header)
        )
    else:
        lines.append(
            # Translators: rules text, the headers. {double} and {triple} are their values.
            i.gettext(
                "When both ends show the same number: double header, {double}. "
                "If one of those ends is a double: triple header, {triple}."
            ).format(double=rules.double_header, triple=rules.triple_header)
        )
    if many and rules.reduction is Reduction.STANDARD:
        lines.append(
            # Translators: rules text, larger sets: the reduction near the target.
            i.gettext("Near the target a header is worth at most one less than is needed, and at least 1.")
        )
    elif many and rules.reduction is Reduction.COUNTERS:
        lines.append(
            # Translators: rules text, larger sets, the counter game: smaller discards near the end.
            i.gettext(
                "A header discards one counter less when its side holds no more counters than it is worth."
            )
        )
    elif rules.reduction is Reduction.STANDARD:
        lines.append(
            # Translators: rules text, the reduction near the target.
            i.gettext(
                "Near the target a header is worth less: "
                "1 when 2 or fewer are needed, at most 2 when 3 are needed."
            )
        )
    elif rules.reduction is Reduction.COUNTERS:
        lines.append(
            # Translators: rules text, the counter game's smaller discards.
            i.gettext(
                "With 2 counters or fewer a double header discards 1; "
                "with fewer than 4 a triple header discards 2."
            )
        )
    if rules.going_out and rules.tally is Tally.COUNTERS:
        lines.append(
            # Translators: rules text, the counter game: going out. {count} counters are discarded.
            i.ngettext(
                "Laying your last tile discards {count} counter and ends the hand.",
                "Laying your last tile discards {count} counters and ends the hand.",
                rules.going_out,
            ).format(count=rules.going_out)
        )
    elif rules.going_out:
        lines.append(
            # Translators: rules text, going out. {count} points.
            i.ngettext(
                "Laying your last tile scores {count} point and ends the hand.",
                "Laying your last tile scores {count} points and ends the hand.",
                rules.going_out,
            ).format(count=rules.going_out)
        )
    else:
        # Translators: rules text, going out without a score.
        lines.append(i.gettext("Laying your last tile ends the hand; it scores nothing."))
    lines.append(_blocked_sentence(i, rules))
    if rules.blocked_rule is BlockedRule.AMERICAN:
        lines.append(
            # Translators: rules text, a note on the sources of the American blocked-hand rule.
            i.gettext(
                "Only the first part of the American rule is confirmed by a source we could read; "
                "the tie-breaks are the best reading."
            )
        )
    target = rules.target_score
    if rules.tally is Tally.COUNTERS:
        lines.append(
            # Translators: rules text, the counter game. {count} counters each side starts with.
            i.gettext(
                "Each side starts with {count} counters and discards them as it scores; "
                "nobody discards more than they hold. The first side with none left wins."
            ).format(count=target)
        )
    else:
        lines.append(
            # Translators: rules text, the end of the match. {target} points.
            i.gettext("The match ends the moment a side reaches {target} points.").format(target=target)
        )
    return lines


def _blocked_sentence(i: I18n, rules: Rules) -> str:
    """The blocked-hand rule; the award is points or, in the counter tally, counters discarded (a
    sentence each: the verb differs, and in German it is split around the side)."""
    award = rules.blocked_award
    counters = rules.tally is Tally.COUNTERS
    if rules.blocked_rule is BlockedRule.GERMAN and counters:
        # Translators: rules text, German blocked-hand rule in the counter game. {count} counters.
        text = i.ngettext(
            "If nobody can play or draw, the side with the fewest doubles discards {count} counter; "
            "among those tied, fewer pips win; on a complete tie nobody discards.",
            "If nobody can play or draw, the side with the fewest doubles discards {count} counters; "
            "among those tied, fewer pips win; on a complete tie nobody discards.",
            award,
        )
    elif rules.blocked_rule is BlockedRule.GERMAN:
        # Translators: rules text, German blocked-hand rule. {count} points.
        text = i.ngettext(
            "If nobody can play or draw, the side with the fewest doubles scores {count} point; "
            "among those tied, fewer pips win; a complete tie scores nothing.",
            "If nobody can play or draw, the side with the fewest doubles scores {count} points; "
            "among those tied, fewer pips win; a complete tie scores nothing.",
            award,
        )
    elif rules.blocked_rule is BlockedRule.AMERICAN and counters:
        # Translators: rules text, American blocked-hand rule in the counter game. {count} counters.
        text = i.ngettext(
            "If nobody can play or draw, a side holding no double beats the others and discards {count} "
            "counter; among those, fewer pips win; if every side holds a double, fewer pips on the other "
            "tiles win.",
            "If nobody can play or draw, a side holding no double beats the others and discards {count} "
            "counters; among those, fewer pips win; if every side holds a double, fewer pips on the other "
            "tiles win.",
            award,
        )
    elif rules.blocked_rule is BlockedRule.AMERICAN:
        # Translators: rules text, American blocked-hand rule. {count} points.
        text = i.ngettext(
            "If nobody can play or draw, a side holding no double beats the others and scores {count} "
            "point; among those, fewer pips win; if every side holds a double, fewer pips on the other "
            "tiles win.",
            "If nobody can play or draw, a side holding no double beats the others and scores {count} "
            "points; among those, fewer pips win; if every side holds a double, fewer pips on the other "
            "tiles win.",
            award,
        )
    elif rules.blocked_rule is BlockedRule.PIPS and counters:
        # Translators: rules text, pip-count blocked-hand rule in the counter game. {count} counters.
        text = i.ngettext(
            "If nobody can play or draw, the side with the lowest pip total discards {count} counter; "
            "on a tie nobody discards.",
            "If nobody can play or draw, the side with the lowest pip total discards {count} counters; "
            "on a tie nobody discards.",
            award,
        )
    elif rules.blocked_rule is BlockedRule.PIPS:
        # Translators: rules text, pip-count blocked-hand rule. {count} points.
        text = i.ngettext(
            "If nobody can play or draw, the side with the lowest pip total scores {count} point; "
            "a tie scores nothing.",
            "If nobody can play or draw, the side with the lowest pip total scores {count} points; "
            "a tie scores nothing.",
            award,
        )
    else:
        # Translators: rules text, DominoPlaza: a blocked hand scores nothing.
        return i.gettext("If nobody can play or draw, the hand ends and nobody scores.")
    return text.format(count=award)
