"""Unit tests for yunyao.messages: row messages rendered as the server renders them (packages/contract/src/messages.ts)."""

from __future__ import annotations

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yunyao.common import encode_message, message, record_error  # noqa: E402
from yunyao.messages import catalogue, decode, interpolate, render, rendered_row  # noqa: E402

NESTED = 'common.recordUnparsable#{"file":"mols.csv","record":2,"reason":{"code":"common.smilesParenthesesAt","params":{"smiles":"C1CC(","line":3}}}'


class RenderTest(unittest.TestCase):
    def test_nested_reason_in_both_languages(self) -> None:
        self.assertEqual(render(NESTED), "输入文件 mols.csv 第 2 条记录无法解析：SMILES “C1CC(” 括号不匹配（第 3 行）")
        self.assertEqual(render(NESTED, "en"), "Record 2 of the input file mols.csv cannot be parsed: the parentheses of the SMILES “C1CC(” do not match (line 3)")

    def test_what_common_encodes(self) -> None:
        error = record_error("mols.csv", 2, message("common.smilesParenthesesAt", smiles="C1CC(", line=3))
        self.assertEqual(str(error), NESTED)
        self.assertEqual(render(encode_message(message("common.noMolecules", file="a.csv"))), "输入文件 a.csv 中没有可读取的分子")

    def test_bilingual_param_picks_the_language(self) -> None:
        text = 'text.bilingual#{"text":{"zh":"第一个原子","en":"the first atom"}}'
        self.assertEqual(render(text), "第一个原子")
        self.assertEqual(render(text, "en"), "the first atom")

    def test_an_id_without_params(self) -> None:
        self.assertIn("common.unexpectedFailure", catalogue())
        self.assertEqual(render("common.unexpectedFailure"), catalogue()["common.unexpectedFailure"]["zh"])

    def test_plain_texts_and_unknown_ids_render_as_themselves(self) -> None:
        for text in ["对接未得到构象", "", "no.suchId#{\"n\":1}", "no.suchId", "common.noMolecules#not json", "common.noMolecules#[1]", "a # b", "Mol.1"]:
            self.assertEqual(render(text), text)
        self.assertIsNone(decode("common.noMolecules#[1]"))
        self.assertIsNone(decode("plain words"))
        self.assertEqual(decode("common.noMolecules"), {"code": "common.noMolecules"})

    def test_numbers_print_as_javascript_does(self) -> None:
        params = {"a": 1234567, "b": 0.1234567, "c": 2.5, "d": -0.0000001, "e": 3.0, "f": True, "g": 1e21}
        self.assertEqual(interpolate("{a}|{b}|{c}|{d}|{e}|{f}|{g}", params, "zh"), "1234567|0.123457|2.5|-0|3|true|1000000000000000000000")

    def test_placeholders_without_a_value_stay(self) -> None:
        self.assertEqual(interpolate("{a} {missing} {a}", {"a": "x"}, "zh"), "x {missing} x")
        self.assertEqual(interpolate("{a}", None, "zh"), "{a}")

    def test_rendered_row_renders_the_message_fields_only(self) -> None:
        row = {"ID": "common.noMolecules", "error": NESTED, "domain_note": "常规文本", "Kd": None}
        out = rendered_row(row)
        self.assertEqual(out["error"], render(NESTED))
        self.assertEqual(out["domain_note"], "常规文本")
        self.assertEqual(out["ID"], "common.noMolecules")
        self.assertEqual(row["error"], NESTED)  # the row itself (the ingested file's) keeps the id
        plain = {"error": None}
        self.assertIs(rendered_row(plain), plain)


if __name__ == "__main__":
    unittest.main()
