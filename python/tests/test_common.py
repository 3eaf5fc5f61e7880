"""Unit tests for yunyao.common (run with /usr/bin/python3 -m unittest discover -s python/tests)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yunyao.common import (  # noqa: E402
    UNEXPECTED_FAILURE,
    InputError,
    InputFile,
    Warnings,
    YunyaoError,
    add_result_args,
    check_mol2_block,
    check_smiles_text,
    fail,
    internal_error,
    load_inputs,
    message,
    pdb_title,
    read_smiles_table,
    reject_input,
    run_main,
    split_mol2,
    split_pdb,
    split_sdf,
    write_step_result,
)


class TempFiles(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.cwd = os.getcwd()
        os.chdir(self.dir.name)
        self.addCleanup(os.chdir, self.cwd)

    def file(self, name: str, data: str | bytes) -> InputFile:
        mode = "wb" if isinstance(data, bytes) else "w"
        with open(name, mode, **({} if isinstance(data, bytes) else {"encoding": "utf-8"})) as fh:
            fh.write(data)
        return InputFile(path=name, name=name, ext=name.rsplit(".", 1)[1].lower())


class SmilesTables(TempFiles):
    def test_csv_header_case_insensitive_with_id_and_props(self) -> None:
        t = read_smiles_table(self.file("a.csv", "Compound_ID,Canonical_SMILES,pIC50\nm1,CCO,5.1\nm2,c1ccccc1,6\n"))
        self.assertEqual([(r.name, r.smiles) for r in t.records], [("m1", "CCO"), ("m2", "c1ccccc1")])
        self.assertEqual(t.records[0].props, {"pIC50": "5.1"})
        self.assertEqual(t.records[1].line, 3)

    def test_headerless_csv_smiles_first(self) -> None:
        t = read_smiles_table(self.file("b.csv", "CCO,ethanol\nCCN,ethylamine\n"))
        self.assertIsNone(t.header)
        self.assertEqual([r.name for r in t.records], ["ethanol", "ethylamine"])

    def test_semicolon_csv_with_bom(self) -> None:
        t = read_smiles_table(self.file("c.csv", "\ufeffID;SMILES\nx;CCO\n".encode("utf-8")))
        self.assertEqual((t.records[0].name, t.records[0].smiles), ("x", "CCO"))

    def test_gbk_chinese_header(self) -> None:
        t = read_smiles_table(self.file("d.csv", "名称,smiles\n乙醇,CCO\n".encode("gb18030")))
        self.assertEqual(t.records[0].name, "乙醇")

    def test_txt_whitespace_and_tabs(self) -> None:
        t = read_smiles_table(self.file("e.txt", "CCO\tethanol\nc1ccccc1O phenol\nCC\n"))
        self.assertEqual([(r.smiles, r.name) for r in t.records], [("CCO", "ethanol"), ("c1ccccc1O", "phenol"), ("CC", "")])

    def test_smi_with_header_and_comments(self) -> None:
        t = read_smiles_table(self.file("f.smi", "# comment\nSMILES Name\nCCO ethyl alcohol\n"))
        self.assertEqual([(r.smiles, r.name, r.index) for r in t.records], [("CCO", "ethyl alcohol", 1)])

    def test_id_word_as_a_name_is_not_a_header(self) -> None:
        t = read_smiles_table(self.file("g.smi", "CCO ligand\nCCN compound\n"))
        self.assertEqual(len(t.records), 2)

    def test_header_without_smiles_column_fails(self) -> None:
        with self.assertRaises(YunyaoError) as refused:
            read_smiles_table(self.file("h.csv", "id,mol\n1,CCO\n"))
        self.assertEqual((refused.exception.code, refused.exception.params), ("common.noSmilesColumn", {"file": "h.csv", "header": "id, mol"}))

    def test_empty_file_fails(self) -> None:
        with self.assertRaises(YunyaoError) as refused:
            read_smiles_table(self.file("i.csv", "\n\n"))
        self.assertEqual(refused.exception.message, {"code": "common.noMolecules", "params": {"file": "i.csv"}})

    def test_smiles_text_checks(self) -> None:
        inp = self.file("j.csv", "smiles\nC(C\n")
        rec = read_smiles_table(inp).records[0]
        with self.assertRaisesRegex(YunyaoError, r'^common\.recordUnparsable#\{"file":"j\.csv","record":1,"reason":\{"code":"common\.smilesParenthesesAt","params":\{"smiles":"C\(C","line":2\}\}\}$'):
            check_smiles_text(inp, rec)

    def test_smiles_longer_than_the_form_allows_is_refused(self) -> None:
        inp = self.file("long.csv", f"smiles\n{'C' * 1000}\n{'C' * 100_000}\n")
        ok, too_long = read_smiles_table(inp).records
        check_smiles_text(inp, ok)
        with self.assertRaisesRegex(InputError, r'"record":2,"reason":\{"code":"common\.smilesTooLongAt","params":\{"length":100000,"max":1000,"line":3\}\}'):
            check_smiles_text(inp, too_long)


class Records(TempFiles):
    def test_split_sdf_keeps_empty_titles_and_drops_trailing_blank(self) -> None:
        recs = split_sdf("\n  x\n\n  0  0  0  0  0  0  0  0  0  0999 V2000\nM  END\n$$$$\nB\n\n\nM  END\n$$$$\n\n")
        self.assertEqual(len(recs), 2)
        self.assertTrue(recs[0].text.startswith("\n  x"))
        self.assertEqual((recs[1].index, recs[1].line), (2, 7))

    def test_split_sdf_single_mol_without_terminator(self) -> None:
        self.assertEqual(len(split_sdf("m\n\n\n  0  0\nM  END\n")), 1)

    def test_mol2_checks(self) -> None:
        good = (
            "@<TRIPOS>MOLECULE\nm\n 2 1 0 0 0\nSMALL\nNO_CHARGES\n\n@<TRIPOS>ATOM\n"
            "      1 C1  0.0 0.0 0.0 C.3 1 UNL 0.0\n      2 O1  1.4 0.0 0.0 O.3 1 UNL 0.0\n"
            "@<TRIPOS>BOND\n     1 1 2 1\n"
        )
        recs = split_mol2("# header comment\n" + good + good)
        self.assertEqual([r.line for r in recs], [2, 13])
        self.assertIsNone(check_mol2_block(recs[0].text, recs[0].line))
        bad = good.replace("1.4 0.0 0.0", "1.4 oops")
        self.assertRegex(check_mol2_block(bad, 10) or "", "第 18 行原子格式错误")
        self.assertRegex(check_mol2_block(good.replace(" 2 1 0 0 0", " 3 1 0 0 0")) or "", "原子数")
        self.assertRegex(check_mol2_block(good.replace("1 1 2 1", "1 1 9 1")) or "", "不存在的原子")

    def test_pdb_split_and_title(self) -> None:
        text = "COMPND    aspirin\nHETATM    1  C   UNL     1       0.0   0.0   0.0  1.00  0.00           C\nEND\n"
        self.assertEqual(len(split_pdb(text + text)), 2)
        self.assertEqual(pdb_title(text), "aspirin")

    def test_manifest_rejects_escaping_paths(self) -> None:
        with self.assertRaises(YunyaoError) as escaping:
            load_inputs('[{"path": "../x.sdf", "name": "x.sdf"}]')
        self.assertEqual(escaping.exception.code, "common.inputOutsideTask")
        self.file("ok.sdf", "x\n")
        (inp,) = load_inputs('[{"path": "ok.sdf", "name": "我的.SDF"}]')
        self.assertEqual((inp.ext, inp.stem), ("sdf", "我的"))


class FailureProtocol(TempFiles):
    def exit_of(self, failure) -> tuple[int, str]:
        err = io.StringIO()
        with contextlib.redirect_stderr(err), self.assertRaises(SystemExit) as stop:
            run_main(lambda argv: failure(), [])
        return stop.exception.code, err.getvalue()

    def test_an_input_refusal_is_declared_apart_from_other_failures(self) -> None:
        self.assertEqual(self.exit_of(lambda: reject_input("输入文件 a.csv 中没有可读取的分子")), (2, "YUNYAO_INPUT_ERROR: 输入文件 a.csv 中没有可读取的分子\n"))
        self.assertEqual(self.exit_of(lambda: fail("PDBFixer 处理蛋白质失败")), (2, "YUNYAO_ERROR: PDBFixer 处理蛋白质失败\n"))

    def test_a_refusal_is_declared_as_its_message_id_and_parameters(self) -> None:
        # The platform renders the id in the reader's language (packages/modules/shared/shared.messages.ts).
        self.assertEqual(
            self.exit_of(lambda: reject_input("common.noMolecules", file="我的 a.csv")),
            (2, 'YUNYAO_INPUT_ERROR: common.noMolecules#{"file":"我的 a.csv"}\n'),
        )
        self.assertEqual(self.exit_of(lambda: reject_input("common.inputMissing")), (2, "YUNYAO_INPUT_ERROR: common.inputMissing\n"))
        self.assertEqual(
            self.exit_of(lambda: reject_input(message("admet.noParsableMolecules", records=2, example=message("common.noMolecules", file="x")))),
            (2, 'YUNYAO_INPUT_ERROR: admet.noParsableMolecules#{"records":2,"example":{"code":"common.noMolecules","params":{"file":"x"}}}\n'),
        )
        # A text not yet given an id after 内部错误 is the detail of common.internal.
        code, reason = self.exit_of(lambda: internal_error("Open Babel 不支持格式 xyz"))
        self.assertEqual((code, reason), (2, 'YUNYAO_PLATFORM_ERROR: common.internal#{"detail":"Open Babel 不支持格式 xyz"}\n'))

    def test_an_unexpected_exception_shows_no_raw_text_and_leaves_it_in_the_log(self) -> None:
        def crash() -> None:
            float("all\n")

        code, err = self.exit_of(crash)
        *log, reason = err.splitlines()
        self.assertEqual((code, reason), (3, f"YUNYAO_PLATFORM_ERROR: {UNEXPECTED_FAILURE}"))
        self.assertNotIn("could not convert", reason)
        self.assertIn("ValueError: could not convert string to float: 'all\\n'", "\n".join(log))

    def test_reading_refuses_the_input_but_a_broken_manifest_is_ours(self) -> None:
        with self.assertRaises(InputError):
            read_smiles_table(self.file("k.csv", "\n\n"))
        with self.assertRaises(YunyaoError) as broken:
            load_inputs("not json")
        self.assertNotIsInstance(broken.exception, InputError)


class StepResults(TempFiles):
    def test_summary_and_rows_follow_the_shared_convention(self) -> None:
        p = argparse.ArgumentParser()
        add_result_args(p)
        args = p.parse_args(["--max-rows", "1"])
        warnings = Warnings()
        warnings.add("a.sdf", 2, "m2", "no 3D")
        inputs = [InputFile(path="inputs/0_a.sdf", name="a.sdf", ext="sdf")]
        write_step_result(
            args,
            module="convert",
            engine={"openbabel": "3.1.1"},
            inputs=inputs,
            counts=[2],
            rows=[{"ID": "m1"}],
            rows_available=2,
            warnings=warnings,
            details={"total": 2},
        )
        with open("rows.json", encoding="utf-8") as fh:
            self.assertEqual(json.load(fh), [{"ID": "m1"}])
        with open("summary.json", encoding="utf-8") as fh:
            summary = json.load(fh)
        self.assertEqual(
            summary,
            {
                "module": "convert",
                "engine": {"openbabel": "3.1.1"},
                "total": 2,
                "inputs": [{"file": "a.sdf", "format": "sdf", "records": 2}],
                "rowCount": 1,
                "rowsTruncated": True,
                "warningCount": 1,
                "warnings": [{"file": "a.sdf", "record": 2, "id": "m2", "message": "no 3D"}],
                "warningsTruncated": False,
            },
        )
        self.assertEqual(args.max_rows, 1)


class VinaEnvironment(unittest.TestCase):
    def test_vina_runs_on_huge_pages_and_an_operators_tunable_is_kept(self) -> None:
        from unittest import mock

        from yunyao.autodock.dock import Runner
        from yunyao.common import vina_env

        with mock.patch.dict(os.environ, {"GLIBC_TUNABLES": "glibc.malloc.arena_max=2"}):
            self.assertEqual(vina_env()["GLIBC_TUNABLES"], "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
            # The docking engine's processes (docking jobs and their re-ranking) get it.
            seen = Runner().run([sys.executable, "-c", "import os; print(os.environ['GLIBC_TUNABLES'])"], 30)
            self.assertEqual(seen.stdout.strip(), "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
        with mock.patch.dict(os.environ, {"GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"}):
            self.assertEqual(vina_env()["GLIBC_TUNABLES"], "glibc.malloc.hugetlb=0")
        with mock.patch.dict(os.environ, {}, clear=False):
            os.environ.pop("GLIBC_TUNABLES", None)
            self.assertEqual(vina_env()["GLIBC_TUNABLES"], "glibc.malloc.hugetlb=1")


if __name__ == "__main__":
    unittest.main()
