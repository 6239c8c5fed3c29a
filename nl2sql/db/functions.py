"""Which functions a read-only statement may call, per engine: an allow-list, not a deny-list.

A deny-list loses the moment an engine ships a new function that writes (PostgreSQL's
``brin_summarize_new_values`` changes index files inside a READ ONLY transaction), or a name is
spelled so that a comparison misses it. So a function runs only when it is known to be free of
side effects: one sqlglot types (``exp.Lower``, ``exp.Count``, ... minus the few that read files),
or one named below for its engine. Each list was reviewed against the engine's documentation;
``tests/test_function_lists.py`` checks the PostgreSQL, DuckDB and MariaDB lists against their
catalogues (every name a built-in, none volatile or with side effects but the reviewed few). The
SQLite and Spark lists are not checked so: a name there that the engine lacks is only an error, as
neither reads functions from a file. A user opts in to anything else with
``--allow-function NAME`` or ``allow_functions`` in the config.
"""

from __future__ import annotations

# Read-only in every engine that has them: the SQL standard's and the common dialects' scalars,
# aggregates and window functions, for where sqlglot does not type one.
_COMMON = """
abs acos asin atan atan2 avg bit_length ceil ceiling char_length character_length coalesce concat
concat_ws cos cot count cume_dist degrees dense_rank exp first_value floor greatest lag last_value
lead least length ln log log10 lower lpad ltrim max md5 min mod nth_value ntile nullif octet_length
percent_rank pi position pow power radians rank repeat replace reverse round row_number rpad rtrim
sign sin sqrt stddev stddev_pop stddev_samp substr substring sum tan trim upper var_pop var_samp
variance
"""

_SQLITE = """
acosh asinh atanh cosh sinh tanh trunc log2
char changes date datetime format glob group_concat hex ifnull iif instr json json_array
json_array_length json_extract json_group_array json_group_object json_insert json_object json_patch
json_quote json_remove json_replace json_set json_type json_valid json_each json_tree julianday
last_insert_rowid like likelihood likely printf quote random randomblob soundex sqlite_version
strftime string_agg subtype time timediff total total_changes typeof unhex unicode unixepoch
unlikely zeroblob median
"""

_DUCKDB = """
cbrt log2 trunc translate
age any_value approx_count_distinct approx_quantile arbitrary arg_max arg_min argmax argmin array_agg
array_contains array_distinct array_length array_position array_slice array_to_string array_value
ascii bit_and bit_or bit_xor bool_and bool_or cardinality century chr contains corr covar_pop
covar_samp current_date current_query current_schema current_timestamp date_add date_diff date_part date_sub
date_trunc datediff datepart datesub datetrunc day dayname dayofmonth dayofweek dayofyear decade
ends_with entropy epoch epoch_ms era even factorial favg first flatten format fsum
gamma gcd generate_series geomean hamming hash hour ilike_escape instr isfinite isinf isnan
jaccard jaro_similarity jaro_winkler_similarity json json_array_length json_contains json_extract
json_extract_path json_extract_path_text json_extract_string json_group_array json_group_object
json_keys json_object json_structure json_transform json_type json_valid julian kurtosis last
last_day lcm left len levenshtein lgamma like_escape list list_aggregate list_contains list_distinct
list_extract list_filter list_sort list_transform list_value make_date make_time make_timestamp
map map_extract map_keys map_values max_by median microsecond millennium millisecond min_by minute
mode month monthname nanosecond nextafter now nullif ord parse_path printf product quantile
quantile_cont quantile_disc quarter range regexp_extract regexp_extract_all regexp_full_match
regexp_matches regexp_replace regexp_split_to_array regr_avgx regr_avgy regr_count regr_intercept
regr_r2 regr_slope regr_sxx regr_sxy regr_syy right round_even sem second sha1 sha256 skewness
split split_part starts_with str_split strftime string_agg string_split string_to_array strip_accents
strlen strpos strptime struct_extract struct_pack time_bucket timezone to_days to_hours
to_microseconds to_milliseconds to_minutes to_months to_seconds to_timestamp to_years today
try_strptime typeof ucase lcase unicode unnest week weekday weekofyear xor year yearweek
"""

_POSTGRES = """
acosh asinh atanh cbrt cosh sinh tanh translate trunc div
age array_agg array_append array_cat array_dims array_length array_lower array_position
array_positions array_prepend array_remove array_replace array_to_json array_to_string array_upper
ascii bit_and bit_or bit_xor bool_and bool_or btrim cardinality chr clock_timestamp corr covar_pop
covar_samp current_date current_query current_schema current_setting date_bin date_part date_trunc
every extract factorial format gcd gen_random_uuid generate_series generate_subscripts
initcap isfinite json_agg json_array_elements json_array_elements_text json_array_length
json_build_array json_build_object json_each json_each_text json_extract_path json_extract_path_text
json_object json_object_agg json_object_keys json_strip_nulls json_typeof jsonb_agg
jsonb_array_elements jsonb_array_elements_text jsonb_array_length jsonb_build_array
jsonb_build_object jsonb_each jsonb_each_text jsonb_extract_path jsonb_extract_path_text
jsonb_object_agg jsonb_object_keys jsonb_path_exists jsonb_path_query jsonb_path_query_array
jsonb_path_query_first jsonb_pretty jsonb_strip_nulls jsonb_typeof justify_days justify_hours
justify_interval lcm left make_date make_interval make_time make_timestamp make_timestamptz min_scale
mode now num_nonnulls num_nulls overlay percentile_cont percentile_disc quote_ident quote_literal
quote_nullable random regexp_count regexp_instr regexp_like regexp_match regexp_matches regexp_replace
regexp_split_to_array regexp_split_to_table regexp_substr regr_avgx regr_avgy regr_count
regr_intercept regr_r2 regr_slope regr_sxx regr_sxy regr_syy right row_to_json scale sha224 sha256
sha384 sha512 split_part starts_with statement_timestamp string_agg string_to_array
string_to_table strpos timeofday timezone to_char to_date to_hex to_json to_jsonb to_number
to_timestamp transaction_timestamp trim_scale unistr unnest width_bucket xmlagg
"""

_MYSQL = """
adddate addtime ascii bin bit_and bit_count bit_or bit_xor char char_length coalesce
connection_id conv convert_tz crc32 curdate current_date current_time current_timestamp curtime database date
date_add date_format date_sub datediff day dayname dayofmonth dayofweek dayofyear elt export_set
extract field find_in_set format from_days from_unixtime get_format group_concat hex hour if
ifnull inet_aton inet_ntoa insert instr json_array json_arrayagg json_contains json_contains_path
json_depth json_extract json_keys json_length json_object json_objectagg json_overlaps json_quote
json_search json_type json_unquote json_valid json_value last_day lcase left locate lpad make_set
makedate maketime microsecond mid minute month monthname now oct ord period_add period_diff quarter
quote rand regexp_instr regexp_replace regexp_substr right sec_to_time second sha1 sha2
soundex space std str_to_date strcmp subdate substring_index subtime sysdate time time_format
time_to_sec timediff timestamp timestampadd timestampdiff to_days to_seconds truncate ucase unhex
unix_timestamp utc_date utc_time utc_timestamp uuid week weekday weekofyear year yearweek
"""

_SPARK = """
acosh asinh atanh cbrt cosh sinh tanh translate log2
add_months aggregate any any_value range approx_count_distinct approx_percentile array array_agg
array_contains array_distinct array_except array_intersect array_join array_max array_min
array_position array_remove array_repeat array_size array_sort array_union arrays_zip ascii base64
bin bit_and bit_count bit_length bit_or bit_xor bool_and bool_or bround cardinality char
char_length chr collect_list collect_set concat_ws contains conv corr count_if covar_pop covar_samp
crc32 current_date current_timestamp current_timezone date_add date_diff date_format date_from_unix_date
date_part date_sub date_trunc dateadd datediff day dayofmonth dayofweek dayofyear decode element_at
elt encode endswith every exists explode explode_outer expm1 extract factorial filter find_in_set
first flatten forall format_number format_string from_json from_unixtime from_utc_timestamp
get_json_object hash hex hour hypot if ifnull initcap inline instr isnan isnotnull isnull
json_array_length json_object_keys json_tuple kurtosis last last_day lcase left levenshtein like
ilike locate log1p make_date make_interval make_timestamp map map_concat map_contains_key
map_from_arrays map_keys map_values max_by md5 median min_by minute mode month months_between
named_struct nanvl negative next_day now nvl nvl2 octet_length overlay percentile percentile_approx
posexplode positive printf quarter regexp regexp_count regexp_extract regexp_extract_all regexp_like
regexp_replace regexp_substr rint rlike sec second sentences sequence sha sha1 sha2 shiftleft
shiftright shuffle size skewness slice some sort_array soundex space split split_part startswith
std string struct substring_index timestamp_micros timestamp_millis timestamp_seconds to_date
to_json to_timestamp to_unix_timestamp to_utc_timestamp transform trunc try_add try_avg try_divide
try_element_at try_multiply try_subtract try_sum try_to_number typeof ucase unbase64 unhex
unix_date unix_micros unix_millis unix_seconds unix_timestamp upper uuid weekday weekofyear
xxhash64 year zip_with
"""


def _names(*blocks: str) -> frozenset[str]:
    return frozenset(word for block in blocks for word in block.split())


READ_ONLY_FUNCTIONS: dict[str, frozenset[str]] = {
    "sqlite": _names(_COMMON, _SQLITE),
    "duckdb": _names(_COMMON, _DUCKDB),
    "postgres": _names(_COMMON, _POSTGRES),
    "mysql": _names(_COMMON, _MYSQL),
    "spark": _names(_COMMON, _SPARK),
}

# Schemas whose functions are the engine's own built-ins: ``pg_catalog.lower(x)`` is ``lower(x)``.
# A call qualified by any other schema names a function someone created, allowed only by name.
BUILTIN_SCHEMAS: dict[str, frozenset[str]] = {"postgres": frozenset({"pg_catalog"})}


def is_read_only_function(name: str, dialect: str, allowed: frozenset[str] = frozenset(),
                          schema: str | None = None) -> bool:
    """Whether an untyped call of ``name`` (lower case) may run; ``schema`` is its qualifier, if any."""
    if schema is not None:
        qualified = f"{schema}.{name}"
        if qualified in allowed:
            return True
        if schema not in BUILTIN_SCHEMAS.get(dialect, frozenset()):
            return False
    return name in allowed or name in READ_ONLY_FUNCTIONS.get(dialect, READ_ONLY_FUNCTIONS["sqlite"])
