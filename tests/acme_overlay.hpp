// An overlay that brings a GPU the bundled catalog lacks and an offer for it (fictional data: the
// ACME card), shared by "overlay: add a GPU and an offer for it" (test_catalog_load.cpp) and the
// app's link-waits-for-an-overlay tests (native/test_vendor_app.cpp).
#pragma once

namespace cardfit::test {

inline constexpr const char* kAcmeOverlay = R"({"schema": "cardfit.catalog/1",
  "sources": [{"id": "acme-price-list", "title": "ACME GPU price list", "publisher": "ACME", "date": "2026-06",
    "kind": "price-page"}],
  "gpus": [{"id": "rtx-4090-48g-acme", "name": "RTX 4090 48GB, ACME modified", "vendor": "NVIDIA", "class": "consumer",
    "architecture": "Ada Lovelace", "memory_mib": 49140, "memory_mib_basis": "derived", "memory_type": "GDDR6X",
    "memory_bandwidth_gb_per_s": 1008, "fp16_dense_tflops": 165.2, "fp16_acc16_dense_tflops": 330.3,
    "bf16_dense_tflops": 165.2, "fp8_dense_tflops": 330.3, "int8_dense_tops": 660.6, "fp32_tflops": 82.6,
    "interconnect": "pcie", "pcie_gen": 4, "runtime": "cuda", "fp8_path": "native", "fp4_path": "weight-only",
    "max_cards_per_node": 8, "tdp_w": 450, "mig_max_instances": 0, "ecc": false, "source": "acme-price-list",
    "as_of": "2026-06"}],
  "offers": [{"id": "acme-4090-48g", "platform": "yiwan", "gpu": "rtx-4090-48g-acme", "unit": "card", "cards": 1,
    "slice_fraction": 1, "currency": "CNY", "prices": [{"term": "hourly", "low": 2.2, "high": 2.2}],
    "package_multipliers": {"weekly": 0, "monthly": 0, "yearly": 0}, "isolation": "dedicated",
    "interconnect": "none", "stock": "available", "source": "acme-price-list §2", "as_of": "2026-06-01"}]})";

}  // namespace cardfit::test
