/**
 * The embedded sample warehouse that the MCP server serves when nothing is configured.
 *
 * <p>The entry point is {@link dev.snowchat.mcp.sample.SampleWarehouse}: {@code ensure(dir)}
 * builds the file once and returns its path, {@code jdbcUrl(path)} opens it read-only.
 *
 * <h2>The sample warehouse</h2>
 *
 * <p>With no configuration at all, Snowchat serves {@code AIRBNB}, a small Airbnb-style
 * warehouse in an embedded DuckDB file, so every tool works at once. The file is generated on
 * first start, deterministically (the same content on every machine), in a few seconds and
 * without network access, under {@code ~/.snowchat/sample} (or {@code $SNOWCHAT_SAMPLE_DIR}). It
 * is then opened read-only with external access (files, network, extensions) off. The data is
 * synthetic: listings, hosts and reviews in 40 neighbourhoods of Berlin and Amsterdam in 2024 and
 * 2025.
 *
 * <table>
 *   <caption>Tables and views of the AIRBNB database</caption>
 *   <tr><th>Object</th><th>Rows</th><th>What it holds</th></tr>
 *   <tr><td>{@code RAW.RAW_NEIGHBOURHOODS}</td><td>40</td><td>neighbourhoods as exported</td></tr>
 *   <tr><td>{@code RAW.RAW_HOSTS}</td><td>6,000</td><td>host profiles, flags as text</td></tr>
 *   <tr><td>{@code RAW.RAW_LISTINGS}</td><td>10,000</td><td>listings, price as text</td></tr>
 *   <tr><td>{@code RAW.RAW_REVIEWS}</td><td>180,000</td><td>guest reviews with text</td></tr>
 *   <tr><td>{@code RAW.RAW_CALENDAR}</td><td>219,000</td><td>nightly availability, 2025</td></tr>
 *   <tr><td>{@code ANALYTICS.DIM_NEIGHBOURHOODS}</td><td>40</td><td>neighbourhood, borough,
 *       city, country</td></tr>
 *   <tr><td>{@code ANALYTICS.DIM_HOSTS}</td><td>6,000</td><td>typed hosts with listing
 *       counts</td></tr>
 *   <tr><td>{@code ANALYTICS.DIM_LISTINGS}</td><td>10,000</td><td>typed listings</td></tr>
 *   <tr><td>{@code ANALYTICS.DIM_DATE}</td><td>731</td><td>days of 2024 and 2025</td></tr>
 *   <tr><td>{@code ANALYTICS.FACT_REVIEWS}</td><td>180,000</td><td>rating and sentiment per
 *       review</td></tr>
 *   <tr><td>{@code ANALYTICS.FACT_CALENDAR}</td><td>219,000</td><td>availability and price per
 *       listing and night</td></tr>
 *   <tr><td>{@code ANALYTICS.VW_HOST_PERFORMANCE}</td><td>view</td><td>reviews and average
 *       rating per host</td></tr>
 *   <tr><td>{@code ANALYTICS.VW_LISTING_OCCUPANCY}</td><td>view</td><td>monthly occupancy and
 *       revenue per listing</td></tr>
 * </table>
 *
 * <p>Every table, view and column has a comment. Keys follow one naming convention
 * ({@code LISTING_ID}, {@code HOST_ID}, {@code NEIGHBOURHOOD_ID}, {@code DATE_KEY}), so joins can
 * be inferred from names; the modelled tables declare primary keys, and {@code DIM_LISTINGS}
 * declares foreign keys to {@code DIM_HOSTS} and {@code DIM_NEIGHBOURHOODS}. Try: "which
 * neighbourhoods have the best-rated listings?", "how do reviews join to hosts?", "what was the
 * occupancy in August?".
 */
@NullMarked
package dev.snowchat.mcp.sample;

import org.jspecify.annotations.NullMarked;
