import { saveBlob } from '../../api/client.ts';

/**
 * The docking-and-affinity page's sample files (spec: sample download), written in the browser so
 * the build ships no data files. SIGN: the ATP-site box of Aurora A (PDB 2C6E, loaded by its id)
 * and a ligand posed in it; GRAFDTA: the PIM2 kinase sequence (a Davis protein) and two
 * inhibitors, staurosporine (a strong binder) and AT-7519 (no measurable binding in Davis).
 */
const SIGN_SITE_CSV = 'center_x,center_y,center_z,size_x,size_y,size_z\n5.54,12.61,33.49,22,22,22\n';
/** An anilinopyrimidine posed in that site (a docking result): scored as it is. */
const SIGN_LIGAND_SDF = `anilinopyrimidine
     RDKit          3D

 20 22  0  0  0  0  0  0  0  0999 V2000
   -0.1810    9.2570   31.1680 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.0180   10.0540   31.5870 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.4180   11.1750   30.8580 C   0  0  0  0  0  0  0  0  0  0  0  0
    2.5560   11.8960   31.2380 C   0  0  0  0  0  0  0  0  0  0  0  0
    3.3330   11.5140   32.3440 C   0  0  0  0  0  0  0  0  0  0  0  0
    4.4580   12.2790   32.6640 N   0  0  0  0  0  0  0  0  0  0  0  0
    5.3720   12.2700   33.7130 C   0  0  0  0  0  0  0  0  0  0  0  0
    5.3010   11.3850   34.7160 N   0  0  0  0  0  0  0  0  0  0  0  0
    6.2350   11.4650   35.6760 C   0  0  0  0  0  0  0  0  0  0  0  0
    7.2450   12.3920   35.6760 C   0  0  0  0  0  0  0  0  0  0  0  0
    7.2620   13.2700   34.6130 C   0  0  0  0  0  0  0  0  0  0  0  0
    8.2770   14.3270   34.4580 C   0  0  0  0  0  0  0  0  0  0  0  0
    8.1410   15.4000   33.5630 C   0  0  0  0  0  0  0  0  0  0  0  0
    9.1380   16.3700   33.4580 C   0  0  0  0  0  0  0  0  0  0  0  0
   10.2600   16.2510   34.2570 C   0  0  0  0  0  0  0  0  0  0  0  0
   10.4420   15.2460   35.1360 N   0  0  0  0  0  0  0  0  0  0  0  0
    9.4510   14.3220   35.2170 C   0  0  0  0  0  0  0  0  0  0  0  0
    6.3250   13.2150   33.6380 N   0  0  0  0  0  0  0  0  0  0  0  0
    2.9290   10.3800   33.0530 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.7910    9.6540   32.6800 C   0  0  0  0  0  0  0  0  0  0  0  0
  1  2  1  0
  2  3  2  0
  3  4  1  0
  4  5  2  0
  5  6  1  0
  6  7  1  0
  7  8  2  0
  8  9  1  0
  9 10  2  0
 10 11  1  0
 11 12  1  0
 12 13  2  0
 13 14  1  0
 14 15  2  0
 15 16  1  0
 16 17  2  0
 11 18  2  0
  5 19  1  0
 19 20  2  0
 20  2  1  0
 18  7  1  0
 17 12  1  0
M  END
$$$$
`;
const PIM2_FASTA = `>PIM2 human serine/threonine-protein kinase pim-2
MLTKPLQGPPAPPGTPTPPPGGKDREAFEAEYRLGPLLGKGGFGTVFAGHRLTDRLQVAI
KVIPRNRVLGWSPLSDSVTCPLEVALLWKVGAGGGHPGVIRLLDWFETQEGFMLVLERPL
PAQDLFDYITEKGPLGEGPSRCFFGQVVAAIQHCHSRGVVHRDIKDENILIDLRRGCAKL
IDFGSGALLHDEPYTDFDGTRVYSPPEWISRHQYHALPATVWSLGILLYDMVCGDIPFER
DQEILEAELHFPAHVSPDCCALIRRCLAPKPSSRPSLEEILLDPWMQTPAEDVPLNPSKG
GPAPLAWSLLP
`;
const DTA_MOLECULES_CSV =
  'smiles,name\nCC12C(C(CC(O1)N3C4=CC=CC=C4C5=C6C(=C7C8=CC=CC=C8N2C7=C53)CNC6=O)NC)OC,staurosporine\nC1CNCCC1NC(=O)C2=C(C=NN2)NC(=O)C3=C(C=CC=C3Cl)Cl,AT-7519\n';

export const AFFINITY_SAMPLES = {
  sign: [
    { name: '2C6E_site.csv', text: SIGN_SITE_CSV },
    { name: 'anilinopyrimidine_pose.sdf', text: SIGN_LIGAND_SDF },
  ],
  graph_dta: [
    { name: 'PIM2.fasta', text: PIM2_FASTA },
    { name: 'molecules.csv', text: DTA_MOLECULES_CSV },
  ],
} as const;

export function downloadSamples(module: keyof typeof AFFINITY_SAMPLES): void {
  for (const sample of AFFINITY_SAMPLES[module]) saveBlob(new Blob([sample.text], { type: 'text/plain' }), sample.name);
}
