// Numbers out: one way each kind of figure is written, in both languages alike ('.' decimal
// point, ',' thousands separator, no locale). Built on the C library's printf
// (already linked, by ImGui too). Non-finite values print "n/a".
#pragma once

#include <string>

namespace cardfit {

std::string format_fixed(double value, int decimals);  // "15.23"
std::string format_grouped(double value);              // "7,615,616,512" (rounded to a whole number)
std::string format_trimmed(double value, int max_decimals);  // rounded, trailing zeros dropped: "1.5", "16"
std::string format_shortest(double value);             // shortest text that reads back exactly: "0.2", "1e+300"
std::string format_bytes(double bytes);                // "15.23 GB (14.19 GiB)": GB = 1e9, GiB = 2^30
std::string format_gb(double bytes);                   // "15.23 GB"
std::string format_count(double count);                // "7.62 B", "131.1 K", "512"
std::string format_rate(double per_second);            // "53.4": 3 significant digits, at least 2 below 10
std::string format_amount(double value);               // money: "2,800", "1.5", "0.0366"
std::string format_percent(double fraction);           // 0.173 -> "17" (whole percent, no sign)
// Memory margins beside the headroom asked for, both as percent of the need: the headroom
// with at most one decimal ("20", "12.5"); the margin rounded DOWN to the same decimals, so a
// margin below the headroom never reads as equal to it (0.1999 vs 0.2 -> "19" vs "20").
std::string format_headroom(double headroom);
std::string format_margin(double margin, double headroom);

}  // namespace cardfit
