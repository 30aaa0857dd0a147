// parsePointsCsv: user points "x1,x2,label" with an optional header; every bad row is refused
// with a message naming its line number.
#include <gtest/gtest.h>

#include <cmath>

#include "datasets/dataset.h"

namespace actlab {
namespace {

TEST(PointsCsv, ReadsRowsAfterAHeader) {
    int classes = 0;
    std::string error;
    const auto points =
        parsePointsCsv("x1,x2,label\n1.5,-2,0\n3,4e-1,1\n-0.25,7,1\n", &classes, &error);
    ASSERT_TRUE(points) << error;
    EXPECT_EQ(points->rawDimension, 2);
    EXPECT_EQ(points->inputs, (std::vector<double>{1.5, -2, 3, 0.4, -0.25, 7}));
    EXPECT_EQ(points->targets, (std::vector<double>{0, 1, 1}));
    EXPECT_EQ(classes, 2);
}

TEST(PointsCsv, AcceptsNoHeaderCrlfSpacesAndBlankLines) {
    int classes = 0;
    std::string error;
    const auto points = parsePointsCsv("1, 2 ,0\r\n\r\n  \n3,\t4,2\r\n5,6,1", &classes, &error);
    ASSERT_TRUE(points) << error;
    EXPECT_EQ(points->inputs, (std::vector<double>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(points->targets, (std::vector<double>{0, 2, 1}));
    EXPECT_EQ(classes, 3);  // the highest label + 1
}

struct BadCsv {
    const char* label;
    const char* text;
    const char* expectInError;  // names the line, or says what is missing
};
void PrintTo(const BadCsv& c, std::ostream* os) { *os << c.label; }

class PointsCsvBad : public ::testing::TestWithParam<BadCsv> {};

TEST_P(PointsCsvBad, IsRefusedNamingTheLine) {
    const BadCsv& c = GetParam();
    int classes = -7;
    std::string error;
    EXPECT_FALSE(parsePointsCsv(c.text, &classes, &error).has_value());
    EXPECT_NE(error.find(c.expectInError), std::string::npos) << error;
    EXPECT_EQ(classes, -7);  // untouched on failure
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Datasets, PointsCsvBad, ::testing::Values(
    BadCsv{"TwoColumns",         "x1,x2,label\n1,2,0\n3,4\n",          "line 3: expected 3 columns"},
    BadCsv{"FourColumns",        "1,2,0\n3,4,1,9\n",                   "line 2: expected 3 columns"},
    BadCsv{"NotANumber",         "1,2,0\nabc,4,1\n",                   "line 2: x1 and x2"},
    BadCsv{"NotFinite",          "1,2,0\n3,inf,1\n",                   "line 2: x1 and x2"},
    BadCsv{"HeaderAfterData",    "1,2,0\nx1,x2,label\n",               "line 2"},
    BadCsv{"LabelNotWhole",      "x1,x2,label\n1,2,0\n\n3,4,0.5\n",     "line 4: the label must be a whole number"},
    BadCsv{"LabelNegative",      "1,2,-1\n3,4,1\n",                    "line 1: the label"},
    BadCsv{"LabelTen",           "1,2,0\n3,4,10\n",                    "line 2: the label"},
    BadCsv{"LabelMissing",       "1,2,\n3,4,1\n",                      "line 1: the label"},
    BadCsv{"OnlyOneClass",       "x1,x2,label\n1,2,0\n3,4,0\n",         "two classes"},
    // Issue 7: one class other than 0 was accepted; a coordinate of 1e7 was taken as is.
    BadCsv{"OnlyClassOne",       "1,2,1\n3,4,1\n",                     "every row has label 1: the data needs at least two classes"},
    BadCsv{"OnlyClassTwo",       "1,2,2\n3,4,2\n5,6,2\n",               "every row has label 2"},
    BadCsv{"CoordinateTooLarge", "1,2,0\n3,1e7,1\n",                   "line 2: a coordinate is 1e+07, larger than 1e6 in size: scale the data first"},
    BadCsv{"NegativeTooLarge",   "-1000000.5,2,0\n3,4,1\n",             "line 1: a coordinate is -1e+06, larger than 1e6"},
    BadCsv{"Empty",              "",                                   "no data rows"},
    BadCsv{"HeaderOnly",         "x1,x2,label\n",                      "no data rows"},
    BadCsv{"BlankOnly",          "\n  \n\r\n",                          "no data rows"},
    // Issue 6 (found by fuzzing): a first row with one bad cell was dropped as a "header".
    BadCsv{"BadFirstRowIsNoHeader", "1,2x,0\n3,4,1\n5,6,0\n",           "line 1: x1 and x2 must be finite numbers, got '2x'"},
    BadCsv{"NonFiniteFirstRow",  "inf,inf,inf\n3,4,1\n5,6,0\n",          "line 1: x1 and x2"}),
    [](const auto& info) { return std::string(info.param.label); });
// clang-format on

// Issue 6: a UTF-8 byte-order mark (spreadsheet exports) made line 1 a "header" and lost a row.
TEST(PointsCsv, SkipsAByteOrderMark) {
    int classes = 0;
    std::string error;
    const auto points = parsePointsCsv(
        "\xEF\xBB\xBF"
        "1,2,0\n3,4,1\n",
        &classes, &error);
    ASSERT_TRUE(points) << error;
    EXPECT_EQ(points->targets, (std::vector<double>{0, 1}));
    ASSERT_TRUE(
        parsePointsCsv("\xEF\xBB\xBF"
                       "x1,x2,label\n1,2,0\n3,4,1\n",
                       &classes, &error));
}

TEST(PointsCsv, StoresMinusZeroAsLabelZero) {
    int classes = 0;
    std::string error;
    const auto points = parsePointsCsv("1,2,-0\n3,4,1\n", &classes, &error);
    ASSERT_TRUE(points) << error;
    EXPECT_FALSE(std::signbit(points->targets[0]));
}

// Issue 6 (found by fuzzing): the label error echoed the whole cell, control bytes and all, so a
// message could span lines or run to megabytes. Now at most ~24 characters, escaped.
TEST(PointsCsv, ErrorsAreOneShortPrintableLine) {
    int classes = -7;
    std::string error;
    EXPECT_FALSE(parsePointsCsv(std::string("1,2,a\rb\0c\x01\n3,4,1\n", 15), &classes, &error));
    EXPECT_EQ(error,
              "line 1: the label must be a whole number from 0 to 9, got 'a\\x0Db\\x00c\\x01'");
    EXPECT_FALSE(parsePointsCsv("1,2," + std::string(1 << 20, 'x') + "\n", &classes, &error));
    EXPECT_LT(error.size(), 120u) << error;
    EXPECT_NE(error.find("got 'xxxxxxxxxxxxxxxxxxxxxxxx...'"), std::string::npos) << error;
    EXPECT_FALSE(parsePointsCsv(std::string(1 << 20, '7') + "x,2,0\n", &classes, &error));
    EXPECT_LT(error.size(), 120u) << error;
    EXPECT_EQ(classes, -7);
}

TEST(PointsCsv, CountsColumnsWithoutStoringThem) {
    int classes = 0;
    std::string error;
    EXPECT_FALSE(parsePointsCsv("1,2,0\n" + std::string(100'000, ','), &classes, &error));
    EXPECT_EQ(error, "line 2: expected 3 columns x1,x2,label, found 100001");
}

// A points file holds at most kMaxUserPoints = 100,000 rows (issue 7).
TEST(PointsCsv, RefusesMoreRowsThanTheLimit) {
    static_assert(kMaxUserPoints == 100'000);
    std::string text;
    text.reserve(6 * (kMaxUserPoints + 1));
    for (size_t i = 0; i <= kMaxUserPoints; ++i) text += i % 2 ? "0,0,1\n" : "1,1,0\n";
    int classes = 0;
    std::string error;
    EXPECT_FALSE(parsePointsCsv(text, &classes, &error));
    EXPECT_EQ(error,
              "line 100001: more than 100000 data rows: the Training lab takes at most that many "
              "points");
    text.resize(6 * kMaxUserPoints);
    EXPECT_TRUE(parsePointsCsv(text, &classes, &error)) << error;
}

// Up to ±1e6 is taken, exactly.
TEST(PointsCsv, TakesCoordinatesUpToTheLimit) {
    int classes = 0;
    std::string error;
    const auto points = parsePointsCsv("1e6,-1e6,0\n0.5,2,1\n", &classes, &error);
    ASSERT_TRUE(points) << error;
    EXPECT_EQ(points->inputs[0], 1e6);
    EXPECT_EQ(points->inputs[1], -1e6);
}

}  // namespace
}  // namespace actlab
