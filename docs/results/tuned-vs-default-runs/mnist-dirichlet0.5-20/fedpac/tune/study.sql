BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'fedpac');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,0.32,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,4.01000000000000078603e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,4.15000000000000035527e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,4.12000000000000032862e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,4.00999999999999967581e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,0.404,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,4.05000000000000082156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,0.388,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,0.399,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,4.05000000000000082156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,3.99000000000000076827e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,0.394,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,6.73999999999999932498e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,8.22000000000000063948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,0.867,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,8.8700000000000012168e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,0.908,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,9.11000000000000254019e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,0.933,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,9.30999999999999827693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,9.34000000000000163424e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,9.49000000000000176747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,9.54000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,9.54000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,1,0.541,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,2,0.613,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,1,0.548,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,2,7.47000000000000108357e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,4,3,8.13000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,4,4,0.85,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,4,5,0.892,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,4,6,8.8300000000000022915e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,4,7,9.2000000000000015099e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,4,8,9.12000000000000143884e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,4,9,9.13000000000000255795e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,4,10,9.08999999999999808153e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,4,11,9.25000000000000155431e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,4,12,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,4,13,0.931,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,4,14,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,4,15,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,4,16,9.50000000000000177635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,4,17,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,4,18,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,4,19,9.50000000000000177635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,4,20,9.49000000000000176747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,1,4.28000000000000047073e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,2,4.7300000000000003153e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,5,3,0.587,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,5,4,0.672,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,5,5,0.743,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,5,6,8.16000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,5,7,8.5400000000000009237e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,5,8,0.857,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,5,9,8.63999999999999879207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,5,10,8.69999999999999884536e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,5,11,8.77000000000000112798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,5,12,0.889,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,5,13,9.03000000000000135891e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,5,14,8.99999999999999800159e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,5,15,9.10000000000000142108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,5,16,0.915,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,5,17,9.17000000000000148325e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,5,18,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,5,19,9.25000000000000155431e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,5,20,9.17000000000000148325e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,6,1,0.43,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,6,2,5.38999999999999923616e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,6,3,0.6,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,6,4,6.75999999999999934274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,6,5,7.19000000000000083488e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,6,6,7.83999999999999919175e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,7,1,4.56999999999999961808e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,7,2,0.644,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,7,3,0.852,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,7,4,9.13999999999999923616e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,7,5,9.38999999999999834798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,7,6,9.4600000000000006306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,7,7,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,7,8,9.59000000000000185629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,7,9,9.44000000000000172306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,7,10,9.5700000000000007283e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,7,11,9.69000000000000083488e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,7,12,9.72000000000000086153e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,7,13,9.73000000000000087041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,7,14,9.77000000000000090594e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,7,15,9.77000000000000090594e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,7,16,9.78000000000000091482e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,7,17,9.78000000000000091482e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,7,18,0.983,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,7,19,9.73000000000000087041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,7,20,9.78000000000000091482e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,8,1,0.539,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,8,2,0.76,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,8,3,0.835,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,8,4,0.869,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,8,5,0.906,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,8,6,9.04000000000000247801e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,9,1,4.52000000000000068389e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,9,2,0.744,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,10,1,0.315,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,10,2,0.623,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,10,3,0.778,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,10,4,0.892,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,10,5,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,10,6,0.915,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,10,7,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,10,8,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,10,9,0.93,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,10,10,9.55000000000000293098e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,10,11,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,10,12,9.69000000000000083488e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,10,13,9.63000000000000078159e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,10,14,9.67000000000000192734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,11,1,0.387,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,11,2,0.404,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,12,1,2.43000000000000021538e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,12,2,0.555,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,13,1,2.07000000000000017319e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,13,2,0.406,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,14,1,5.90000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,14,2,0.68,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,14,3,0.795,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,14,4,0.829,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,14,5,8.71000000000000107469e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,14,6,8.80000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,14,7,8.95000000000000128785e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,14,8,8.88999999999999901412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,14,9,9.0900000000000014122e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,14,10,9.2000000000000015099e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,14,11,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,14,12,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,14,13,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,14,14,9.3399999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,14,15,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,14,16,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,14,17,9.3399999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,14,18,9.36000000000000165201e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,15,1,2.05000000000000015543e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,15,2,4.15000000000000035527e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,15,3,0.39,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,15,4,4.05000000000000082156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,15,5,4.15000000000000035527e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,15,6,4.15000000000000035527e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,16,1,0.387,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,16,2,0.383,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,17,1,6.35999999999999898747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,17,2,0.784,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,17,3,0.875,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,17,4,9.13999999999999923616e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,17,5,9.36000000000000165201e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,17,6,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,17,7,9.54000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,17,8,0.952,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,17,9,9.38000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,17,10,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,17,11,9.57000000000000183852e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,17,12,9.67000000000000192734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,17,13,9.66000000000000191846e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,17,14,9.70000000000000084376e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,17,15,9.69000000000000083488e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,17,16,9.7500000000000019984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,17,17,9.73000000000000198063e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,17,18,9.73000000000000087041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,18,1,7.30000000000000093258e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,18,2,0.882,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,18,3,9.03999999999999914734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,18,4,9.26999999999999935162e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,18,5,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,18,6,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,18,7,9.54000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,18,8,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,18,9,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,18,10,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,18,11,9.60000000000000186517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,18,12,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,18,13,9.6400000000000019007e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,18,14,0.974,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,18,15,9.67000000000000192734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,18,16,9.74000000000000198951e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(197,18,17,9.76000000000000200728e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(198,18,18,9.7500000000000019984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(199,18,19,9.77000000000000090594e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(200,18,20,9.76000000000000200728e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(201,19,1,0.563,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(202,19,2,0.766,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(203,19,3,8.40000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(204,19,4,0.86,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(205,19,5,9.08000000000000140332e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(206,19,6,8.98000000000000242472e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(207,20,1,0.236,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(208,20,2,3.82000000000000061728e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(209,21,1,4.2400000000000004352e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(210,21,2,0.461,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(211,21,3,0.533,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(212,21,4,6.14000000000000101252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(213,21,5,0.627,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(214,21,6,7.35000000000000097699e-01,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',2.90169983385722751734e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'lam',5.73320991921196898566e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(4,1,'head_lr',1.20419355199379352061e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'lr',2.99780002824570537128e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(6,2,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(7,2,'lam',9.9103249750867750123e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(8,2,'head_lr',9.29997847614717071396e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(9,3,'lr',1.16400174952413157369e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(10,3,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(11,3,'lam',1.31193273429885903791e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(12,3,'head_lr',3.3417633077995279045e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(13,4,'lr',8.55198767933520488659e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,4,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,4,'lam',2.08007553397791555838e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(16,4,'head_lr',1.96723822538104969881e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(17,5,'lr',6.25539828471218407185e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(18,5,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(19,5,'lam',0.783435379072643,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(20,5,'head_lr',1.38793689567119262612e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(21,6,'lr',3.12371916442792879956e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(22,6,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(23,6,'lam',3.6081352733470556382e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(24,6,'head_lr',1.54794503230543445404e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(25,7,'lr',8.27234681421330914075e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,7,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,7,'lam',6.29489903447946286263e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(28,7,'head_lr',2.34794908307579958117e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(29,8,'lr',1.90991904781183767514e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(30,8,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(31,8,'lam',5.26822048368729856093e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(32,8,'head_lr',9.08334030257978847222e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(33,9,'lr',2.76630911317752130329e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(34,9,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(35,9,'lam',1.28348877456752097359e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(36,9,'head_lr',1.81203738443094161669e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(37,10,'lr',1.21142137217368925372e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,10,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,10,'lam',3.33231759264101479178e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(40,10,'head_lr',2.15316922656054038354e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(41,11,'lr',3.02504127570243530609e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(42,11,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(43,11,'lam',6.60106128106867284799e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(44,11,'head_lr',7.83425342130442403654e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(45,12,'lr',8.2291835953007291815e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(46,12,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(47,12,'lam',1.47529397499711251162e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(48,12,'head_lr',4.9282249821734203099e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(49,13,'lr',7.73161017304025421914e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(50,13,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(51,13,'lam',9.91664080483821841482e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(52,13,'head_lr',3.34438537576858319066e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(53,14,'lr',1.54901298627367037426e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(54,14,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(55,14,'lam',3.39147062699333545765e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(56,14,'head_lr',4.58399354250526927523e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(57,15,'lr',7.15174829261035205352e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(58,15,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(59,15,'lam',3.31004777128715677037e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(60,15,'head_lr',2.49796629976805323325e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(61,16,'lr',4.84649587522185565369e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(62,16,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(63,16,'lam',9.53711025029374,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(64,16,'head_lr',5.48886801359932396948e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(65,17,'lr',3.19482174136671154274e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(66,17,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(67,17,'lam',4.45379536480464555125e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(68,17,'head_lr',2.93870051252796637974e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(69,18,'lr',1.03022608164297178184e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(70,18,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(71,18,'lam',2.61973538069033651254e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(72,18,'head_lr',1.17974676578947057503e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(73,19,'lr',1.40947842271002873187e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(74,19,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(75,19,'lam',1.9892940562776688651e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(76,19,'head_lr',1.67371917991053886787e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(77,20,'lr',1.47470859358971528862e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(78,20,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(79,20,'lam',1.9984396362478340503e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(80,20,'head_lr',3.87041221052816852843e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(81,21,'lr',7.47412646024167483943e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(82,21,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(83,21,'lam',1.29772065835465388872e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(84,21,'head_lr',2.95404372630387705711e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.41100000000000003');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.41200000000000003');
INSERT INTO "trial_system_attributes" VALUES(3,1,'completed_rung_2','0.3990000000000001');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_0','0.8220000000000001');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_1','0.9110000000000003');
INSERT INTO "trial_system_attributes" VALUES(6,2,'completed_rung_2','0.9540000000000001');
INSERT INTO "trial_system_attributes" VALUES(7,3,'completed_rung_0','0.613');
INSERT INTO "trial_system_attributes" VALUES(8,4,'completed_rung_0','0.9490000000000001');
INSERT INTO "trial_system_attributes" VALUES(9,5,'completed_rung_0','0.8160000000000001');
INSERT INTO "trial_system_attributes" VALUES(10,5,'completed_rung_1','0.921');
INSERT INTO "trial_system_attributes" VALUES(11,6,'completed_rung_0','0.7839999999999999');
INSERT INTO "trial_system_attributes" VALUES(12,7,'completed_rung_0','0.9460000000000001');
INSERT INTO "trial_system_attributes" VALUES(13,7,'completed_rung_1','0.983');
INSERT INTO "trial_system_attributes" VALUES(14,8,'completed_rung_0','0.9040000000000002');
INSERT INTO "trial_system_attributes" VALUES(15,9,'completed_rung_0','0.744');
INSERT INTO "trial_system_attributes" VALUES(16,11,'completed_rung_0','0.404');
INSERT INTO "trial_system_attributes" VALUES(17,12,'completed_rung_0','0.555');
INSERT INTO "trial_system_attributes" VALUES(18,13,'completed_rung_0','0.406');
INSERT INTO "trial_system_attributes" VALUES(19,14,'completed_rung_0','0.9360000000000002');
INSERT INTO "trial_system_attributes" VALUES(20,15,'completed_rung_0','0.41500000000000004');
INSERT INTO "trial_system_attributes" VALUES(21,16,'completed_rung_0','0.383');
INSERT INTO "trial_system_attributes" VALUES(22,17,'completed_rung_0','0.937');
INSERT INTO "trial_system_attributes" VALUES(23,17,'completed_rung_1','0.9730000000000001');
INSERT INTO "trial_system_attributes" VALUES(24,18,'completed_rung_0','0.882');
INSERT INTO "trial_system_attributes" VALUES(25,18,'completed_rung_1','0.9410000000000001');
INSERT INTO "trial_system_attributes" VALUES(26,18,'completed_rung_2','0.9750000000000002');
INSERT INTO "trial_system_attributes" VALUES(27,19,'completed_rung_0','0.766');
INSERT INTO "trial_system_attributes" VALUES(28,19,'completed_rung_1','0.8980000000000002');
INSERT INTO "trial_system_attributes" VALUES(29,20,'completed_rung_0','0.38200000000000006');
INSERT INTO "trial_system_attributes" VALUES(30,21,'completed_rung_0','0.7350000000000001');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','222.257');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','1.6804664230346682');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','5');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','224.209');
INSERT INTO "trial_user_attributes" VALUES(6,2,'val_loss','0.15262224626541138');
INSERT INTO "trial_user_attributes" VALUES(7,2,'round','20');
INSERT INTO "trial_user_attributes" VALUES(8,2,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,3,'seconds','24.899');
INSERT INTO "trial_user_attributes" VALUES(10,4,'seconds','238.063');
INSERT INTO "trial_user_attributes" VALUES(11,4,'val_loss','0.16754385161399846');
INSERT INTO "trial_user_attributes" VALUES(12,4,'round','17');
INSERT INTO "trial_user_attributes" VALUES(13,4,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(14,5,'seconds','228.36');
INSERT INTO "trial_user_attributes" VALUES(15,5,'val_loss','0.27477142429351803');
INSERT INTO "trial_user_attributes" VALUES(16,5,'round','19');
INSERT INTO "trial_user_attributes" VALUES(17,5,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(18,6,'seconds','66.067');
INSERT INTO "trial_user_attributes" VALUES(19,7,'seconds','223.488');
INSERT INTO "trial_user_attributes" VALUES(20,7,'val_loss','0.069361785531044');
INSERT INTO "trial_user_attributes" VALUES(21,7,'round','18');
INSERT INTO "trial_user_attributes" VALUES(22,7,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(23,8,'seconds','66.95');
INSERT INTO "trial_user_attributes" VALUES(24,9,'seconds','21.206');
INSERT INTO "trial_user_attributes" VALUES(25,11,'seconds','27.585');
INSERT INTO "trial_user_attributes" VALUES(26,12,'seconds','23.969');
INSERT INTO "trial_user_attributes" VALUES(27,13,'seconds','24.237');
INSERT INTO "trial_user_attributes" VALUES(28,14,'seconds','286.895');
INSERT INTO "trial_user_attributes" VALUES(29,15,'seconds','60.027');
INSERT INTO "trial_user_attributes" VALUES(30,16,'seconds','21.904');
INSERT INTO "trial_user_attributes" VALUES(31,17,'seconds','205.817');
INSERT INTO "trial_user_attributes" VALUES(32,18,'seconds','233.535');
INSERT INTO "trial_user_attributes" VALUES(33,18,'val_loss','0.09291923701763154');
INSERT INTO "trial_user_attributes" VALUES(34,18,'round','19');
INSERT INTO "trial_user_attributes" VALUES(35,18,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(36,19,'seconds','73.542');
INSERT INTO "trial_user_attributes" VALUES(37,20,'seconds','22.749');
INSERT INTO "trial_user_attributes" VALUES(38,21,'seconds','75.497');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,4.15000000000000035527e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,0.613,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,9.25000000000000155431e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,7.83999999999999919175e-01,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,0.983,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,9.04000000000000247801e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,0.744,'FINITE');
INSERT INTO "trial_values" VALUES(10,11,0,0.404,'FINITE');
INSERT INTO "trial_values" VALUES(11,12,0,0.555,'FINITE');
INSERT INTO "trial_values" VALUES(12,13,0,0.406,'FINITE');
INSERT INTO "trial_values" VALUES(13,14,0,9.36000000000000165201e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,15,0,4.15000000000000035527e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,16,0,0.383,'FINITE');
INSERT INTO "trial_values" VALUES(16,17,0,9.73000000000000087041e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,18,0,9.77000000000000090594e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,19,0,8.98000000000000242472e-01,'FINITE');
INSERT INTO "trial_values" VALUES(19,20,0,3.82000000000000061728e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,21,0,7.35000000000000097699e-01,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 17:29:00.725196','2026-11-27 17:32:43.111242');
INSERT INTO "trials" VALUES(2,1,1,'COMPLETE','2026-11-27 17:32:43.130679','2026-11-27 17:36:27.432019');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-27 17:36:27.448958','2026-11-27 17:36:52.437477');
INSERT INTO "trials" VALUES(4,3,1,'COMPLETE','2026-11-27 17:36:52.453908','2026-11-27 17:40:50.602479');
INSERT INTO "trials" VALUES(5,4,1,'COMPLETE','2026-11-27 17:40:50.612619','2026-11-27 17:44:39.040614');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-27 17:44:39.065190','2026-11-27 17:45:45.206103');
INSERT INTO "trials" VALUES(7,6,1,'COMPLETE','2026-11-27 17:45:45.221094','2026-11-27 17:49:28.778991');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 17:49:28.795159','2026-11-27 17:50:35.815096');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 17:50:35.831679','2026-11-27 17:50:57.100304');
INSERT INTO "trials" VALUES(10,9,1,'FAIL','2026-11-27 17:50:57.119366','2026-11-27 18:20:29.951795');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 18:20:29.965727','2026-11-27 18:20:57.621650');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 18:20:57.641366','2026-11-27 18:21:21.707261');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 18:21:21.724204','2026-11-27 18:21:46.015578');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-27 18:21:46.029526','2026-11-27 18:26:32.991315');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-27 18:26:33.007975','2026-11-27 18:27:33.111666');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 18:27:33.125876','2026-11-27 18:27:55.096848');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 18:27:55.109989','2026-11-27 18:31:21.004620');
INSERT INTO "trials" VALUES(18,17,1,'COMPLETE','2026-11-27 18:31:21.018236','2026-11-27 18:35:14.635332');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 18:35:14.652110','2026-11-27 18:36:28.268178');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 18:36:28.284501','2026-11-27 18:36:51.115705');
INSERT INTO "trials" VALUES(21,20,1,'PRUNED','2026-11-27 18:36:51.139506','2026-11-27 18:38:06.713061');
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
