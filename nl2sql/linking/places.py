"""Places people name in full where a database keeps a code: the states of the United States, which
sample and real databases alike store by their two-letter postal codes ("customers in California"
for a state column holding CA), and countries kept by their ISO 3166 codes ("shipments to Germany"
for a country column holding DE or DEU)."""

from __future__ import annotations

US_STATES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA", "colorado": "CO",
    "connecticut": "CT", "delaware": "DE", "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID",
    "illinois": "IL", "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN",
    "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC",
    "north dakota": "ND", "ohio": "OH", "oklahoma": "OK", "oregon": "OR", "pennsylvania": "PA",
    "rhode island": "RI", "south carolina": "SC", "south dakota": "SD", "tennessee": "TN", "texas": "TX",
    "utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA", "west virginia": "WV",
    "wisconsin": "WI", "wyoming": "WY", "district of columbia": "DC",
}
# A column is one of state codes when this share of its values are (a few stray or empty ones aside).
STATE_CODE_SHARE = 0.8
# ... and of at least this many states: a handful of two-letter codes is as often a status (CA for
# cancelled, IN for in transit) as a place.
MIN_STATES = 5


def state_codes(values: tuple[str, ...], *, beside_address: bool = False) -> dict[str, str]:
    """The full names of the states a column's values are the codes of, each with the value as
    stored; empty unless the column holds state codes and nothing much else, of several states or
    beside an address's other columns."""
    stored = {v.strip().upper(): v for v in values if v and len(v.strip()) == 2}
    codes = set(US_STATES.values())
    if len(stored) < (2 if beside_address else MIN_STATES) \
            or sum(1 for code in stored if code in codes) < STATE_CODE_SHARE * len(values):
        return {}
    return {name: stored[code] for name, code in US_STATES.items() if code in stored}


def country_codes(values: tuple[str, ...]) -> dict[str, str]:
    """The names of the countries a column's values are the ISO 3166 codes of (two or three letters),
    each with the value as stored; empty unless the column holds such codes and nothing much else.
    pycountry, the maintained copy of the standard, is imported only for a column that may hold them."""
    stored = {v.strip().upper(): v for v in values if v and v.strip().isalpha() and 2 <= len(v.strip()) <= 3}
    if len(stored) < 2 or len(stored) < STATE_CODE_SHARE * len(values):
        return {}
    import pycountry

    names: dict[str, str] = {}
    matched = 0
    for country in pycountry.countries:
        value = stored.get(country.alpha_2) or stored.get(country.alpha_3)
        if value is None:
            continue
        matched += 1
        for name in (country.name, getattr(country, "common_name", None), getattr(country, "official_name", None)):
            if name:
                names[name.split(",")[0].lower()] = value  # "Korea, Republic of": its first part is no name
    return names if matched >= STATE_CODE_SHARE * len(stored) else {}
