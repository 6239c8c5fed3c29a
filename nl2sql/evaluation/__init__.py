"""Measuring engines by execution: public benchmarks (Spider, SParC, CoSQL) and question files."""
