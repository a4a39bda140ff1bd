package dev.snowchat.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class IntentTest {
  @Test
  void parse_questionTypes() {
    assertThat(Intent.parse("help")).isInstanceOf(Intent.Help.class);
    assertThat(Intent.parse("what tables are there?")).isInstanceOf(Intent.ListTables.class);
    assertThat(Intent.parse("which tables hold reviews?")).isEqualTo(new Intent.Search("reviews"));
    assertThat(Intent.parse("where is the listing price?"))
        .isEqualTo(new Intent.Search("listing price"));
    assertThat(Intent.parse("describe AIRBNB.ANALYTICS.DIM_HOSTS"))
        .isEqualTo(new Intent.Describe("AIRBNB.ANALYTICS.DIM_HOSTS"));
    assertThat(Intent.parse("sample rows of dim_hosts"))
        .isEqualTo(new Intent.Preview("dim_hosts", 10));
    assertThat(Intent.parse("preview 5 rows from FACT_REVIEWS"))
        .isEqualTo(new Intent.Preview("FACT_REVIEWS", 5));
    assertThat(Intent.parse("how do reviews and hosts join?"))
        .isEqualTo(new Intent.Join("reviews", "hosts"));
    assertThat(Intent.parse("join FACT_REVIEWS to DIM_HOSTS"))
        .isEqualTo(new Intent.Join("FACT_REVIEWS", "DIM_HOSTS"));
    assertThat(Intent.parse("what is the relationship between listings and hosts"))
        .isEqualTo(new Intent.Join("listings", "hosts"));
    // "X joins Y", as the root README asks it
    assertThat(Intent.parse("how do listings join hosts"))
        .isEqualTo(new Intent.Join("listings", "hosts"));
    assertThat(Intent.parse("how does DIM_LISTINGS join DIM_HOSTS?"))
        .isEqualTo(new Intent.Join("DIM_LISTINGS", "DIM_HOSTS"));
    assertThat(Intent.parse("FACT_REVIEWS relates to DIM_HOSTS"))
        .isEqualTo(new Intent.Join("FACT_REVIEWS", "DIM_HOSTS"));
    assertThat(Intent.parse("how many rows are in FACT_REVIEWS?"))
        .isEqualTo(new Intent.Count("FACT_REVIEWS"));
    assertThat(Intent.parse("top 5 listings by price"))
        .isEqualTo(new Intent.TopN("listings", "price", true, 5, List.of()));
    assertThat(Intent.parse("which hosts have the lowest response_rate"))
        .isEqualTo(new Intent.TopN("hosts", "response_rate", false, 10, List.of()));
    assertThat(Intent.parse("5 most expensive listings"))
        .isEqualTo(new Intent.TopN("listings", "price", true, 5, List.of()));
    assertThat(Intent.parse("listings where bedrooms > 3"))
        .isEqualTo(new Intent.Filtered("listings",
            List.of(new Intent.Filter("bedrooms", ">", "3")), 20));
    assertThat(Intent.parse("why did bookings drop?")).isInstanceOf(Intent.Unsupported.class);
  }
}
