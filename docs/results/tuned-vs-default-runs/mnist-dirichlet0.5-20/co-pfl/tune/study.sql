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
INSERT INTO "studies" VALUES(1,'co-pfl');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,5.65000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,7.2099999999999986322e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,8.24000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,0.858,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,8.74999999999999777955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,8.93999999999999905853e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.898,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,9.04000000000000136779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,9.03000000000000135891e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,9.10999999999999920952e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,0.907,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,0.906,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,8.95000000000000128785e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,8.88999999999999901412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,0.884,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,8.8700000000000012168e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,0.897,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,0.897,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,9.26999999999999935162e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,7.79000000000000136779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,8.39000000000000079047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,0.86,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,8.80000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,9.10000000000000142108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,9.14999999999999813482e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,9.38000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,0.938,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,0.93,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,0.938,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,9.38999999999999834798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,9.44000000000000172306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,9.36999999999999944044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,9.39999999999999835686e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,1,6.98000000000000064837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,2,0.717,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,1,0.56,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,2,5.55999999999999938715e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,5,1,7.649999999999999023e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,5,2,8.40000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,5,3,0.891,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,5,4,9.10999999999999920952e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,5,5,9.16999999999999815258e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,5,6,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,5,7,0.931,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,5,8,0.933,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,5,9,9.3399999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,5,10,9.39000000000000278888e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,5,11,9.39999999999999835686e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,5,12,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,5,13,0.944,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,5,14,9.43000000000000171418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,5,15,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,5,16,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,5,17,9.47000000000000285993e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,5,18,9.49000000000000176747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,19,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,20,9.44000000000000172306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,6,1,7.37000000000000099475e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,6,2,8.40000000000000079936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,6,3,8.94000000000000127897e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,6,4,0.909,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,6,5,9.17999999999999927169e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,6,6,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,6,7,9.26999999999999935162e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,6,8,9.27999999999999936051e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,6,9,9.36999999999999944044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,6,10,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,6,11,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,6,12,0.944,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,6,13,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,6,14,9.38999999999999834798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,6,15,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,6,16,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,6,17,9.47000000000000285993e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,6,18,9.46000000000000285105e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,6,19,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,6,20,9.45000000000000062172e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,7,1,0.777,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,7,2,8.80000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,7,3,0.917,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,7,4,0.922,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,7,5,9.3399999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,7,6,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,7,7,9.35999999999999943156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,7,8,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,7,9,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,7,10,9.36999999999999944044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,7,11,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,7,12,9.40999999999999836575e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,7,13,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,7,14,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,7,15,9.45000000000000284217e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,7,16,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,7,17,9.47000000000000285993e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,7,18,9.47000000000000285993e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,8,1,0.782,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,8,2,0.845,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,8,3,8.65999999999999880984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,8,4,0.922,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,8,5,9.28000000000000158095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,8,6,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,8,7,9.30000000000000270894e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,8,8,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,8,9,0.933,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,8,10,9.44000000000000172306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,8,11,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,8,12,0.942,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,8,13,9.45000000000000062172e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,8,14,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,8,15,9.50000000000000177635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,8,16,9.50000000000000177635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,8,17,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,8,18,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,9,1,5.08000000000000118127e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,9,2,0.615,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,10,1,0.768,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,10,2,0.833,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,10,3,8.93999999999999905853e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,10,4,9.10999999999999920952e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,11,1,4.59999999999999964472e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,11,2,0.696,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,12,1,3.39999999999999968913e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,12,2,4.20000000000000039968e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,12,3,4.77000000000000035083e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,12,4,0.495,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,12,5,0.526,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,12,6,0.532,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,13,1,0.733,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,13,2,0.834,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,14,1,6.40999999999999903188e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,14,2,0.753,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,14,3,0.842,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,14,4,9.02000000000000135003e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,14,5,9.27999999999999936051e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,14,6,0.93,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,14,7,9.29999999999999937827e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,14,8,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,14,9,9.38000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,14,10,0.943,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,14,11,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,14,12,9.47000000000000063948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,14,13,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,14,14,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,14,15,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,14,16,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,14,17,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,14,18,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,14,19,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,14,20,9.55000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,15,1,0.63,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,15,2,0.745,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,15,3,0.884,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,15,4,0.899,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,15,5,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,15,6,9.33000000000000162536e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,15,7,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,15,8,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,15,9,9.38999999999999834798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,15,10,9.35999999999999943156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,15,11,9.39999999999999835686e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,15,12,9.40000000000000057731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,15,13,9.41000000000000169642e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,15,14,9.43000000000000171418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,15,15,9.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,15,16,0.946,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,15,17,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,15,18,9.41000000000000169642e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,16,1,6.30000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,16,2,0.756,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,17,1,0.75,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,17,2,0.818,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,17,3,0.885,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,17,4,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,17,5,9.27999999999999936051e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,17,6,9.32999999999999829469e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,18,1,4.00999999999999967581e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,18,2,0.51,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,19,1,7.96999999999999930722e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,19,2,8.27000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,19,3,0.893,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,19,4,9.18999999999999928057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,19,5,9.27999999999999936051e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,19,6,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,19,7,0.925,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,19,8,9.38000000000000055955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,20,1,0.796,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,20,2,0.835,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,21,1,0.704,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,21,2,7.63000000000000122568e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(197,21,3,8.14000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(198,21,4,0.874,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(199,21,5,9.03999999999999914734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(200,21,6,9.12999999999999922728e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(201,22,1,4.80999999999999872102e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(202,22,2,6.43999999999999905853e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(203,22,3,0.721,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(204,22,4,8.39000000000000079047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(205,22,5,0.852,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(206,22,6,0.876,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(207,22,7,8.72000000000000108357e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(208,22,8,8.80000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(209,22,9,0.882,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(210,22,10,0.889,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(211,22,11,8.94000000000000127897e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(212,22,12,8.80000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(213,22,13,8.8700000000000012168e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(214,22,14,0.889,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(215,22,15,0.882,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(216,22,16,0.893,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(217,22,17,0.89,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(218,22,18,8.93999999999999905853e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',2.42793119536907083628e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'p',9.8413281356836149194e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(3,1,'gamma',0.429437373999643,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',8.43275774174314057644e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'p',1.89553157028598873168e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(6,2,'gamma',8.2372552155645772931e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',3.13706654250425613118e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'p',3.52349666213370327216e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(9,3,'gamma',5.61912022240218300694e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',1.16772832544124107877e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'p',1.07597197900193217168e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(12,4,'gamma',2.87484552446481411713e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',8.42078678884208300069e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'p',3.16046705293014096316e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(15,5,'gamma',3.77338987529117542152e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(16,6,'lr',0.000645496038014264,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(17,6,'p',3.76003423158163152528e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(18,6,'gamma',5.73872724858666138914e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(19,7,'lr',1.22646188887044413351e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(20,7,'p',4.49629813793241739361e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(21,7,'gamma',1.81339126213416967914e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(22,8,'lr',1.13511152605514308543e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(23,8,'p',1.64710723049386914551e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(24,8,'gamma',3.75690294293941740022e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(25,9,'lr',1.21037191556732742726e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(26,9,'p',4.60895847320176132999e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(27,9,'gamma',1.30228279414639214195e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(28,10,'lr',7.89891677754578401884e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(29,10,'p',2.39507971844288736207e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(30,10,'gamma',3.91512733443615368322e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(31,11,'lr',4.5605053686044033645e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(32,11,'p',3.18296322088858330001e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(33,11,'gamma',2.25480281192087073094e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(34,12,'lr',7.70096679869639467314e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(35,12,'p',2.4924826269787098143e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(36,12,'gamma',8.0965026812579043991e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(37,13,'lr',5.6790447240804122278e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(38,13,'p',3.87720422902611050464e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(39,13,'gamma',6.19640807575446483923e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(40,14,'lr',2.63783664541057194866e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(41,14,'p',2.83711103271023723504e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(42,14,'gamma',5.78533342341656764418e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(43,15,'lr',2.6632513270603854448e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(44,15,'p',2.72694438283718310067e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(45,15,'gamma',4.4714177040199715174e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(46,16,'lr',2.59746808953468643482e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(47,16,'p',2.5412805647501895967e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(48,16,'gamma',7.15333439862523401409e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(49,17,'lr',2.04595603670527535419e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(50,17,'p',1.93133552842630396018e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(51,17,'gamma',3.38852250037273372562e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(52,18,'lr',5.41678169469532108659e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(53,18,'p',3.14626906361927527466e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(54,18,'gamma',4.97848002504055031636e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(55,19,'lr',1.67373883383212501002e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(56,19,'p',4.23624121495818739546e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(57,19,'gamma',6.86753585190196580434e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(58,20,'lr',1.68364699871203365999e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(59,20,'p',4.06397730134294699055e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(60,20,'gamma',6.68699009186365156409e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(61,21,'lr',3.76885185298258922059e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(62,21,'p',3.14480413503499700578e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(63,21,'gamma',7.2379856356117511229e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(64,22,'lr',0.00361861886197217,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(65,22,'p',2.19026862723786186482e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.05, "high": 0.5, "log": false}}');
INSERT INTO "trial_params" VALUES(66,22,'gamma',0.512166422441141,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.8939999999999999');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.897');
INSERT INTO "trial_system_attributes" VALUES(3,2,'completed_rung_0','0.8390000000000001');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_1','0.921');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_2','0.9399999999999998');
INSERT INTO "trial_system_attributes" VALUES(6,3,'completed_rung_0','0.717');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_0','0.5559999999999999');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.8400000000000001');
INSERT INTO "trial_system_attributes" VALUES(9,5,'completed_rung_1','0.9270000000000002');
INSERT INTO "trial_system_attributes" VALUES(10,5,'completed_rung_2','0.9490000000000002');
INSERT INTO "trial_system_attributes" VALUES(11,6,'completed_rung_0','0.921');
INSERT INTO "trial_system_attributes" VALUES(12,6,'completed_rung_1','0.9460000000000003');
INSERT INTO "trial_system_attributes" VALUES(13,7,'completed_rung_0','0.8800000000000001');
INSERT INTO "trial_system_attributes" VALUES(14,7,'completed_rung_1','0.937');
INSERT INTO "trial_system_attributes" VALUES(15,7,'completed_rung_2','0.9470000000000003');
INSERT INTO "trial_system_attributes" VALUES(16,8,'completed_rung_0','0.845');
INSERT INTO "trial_system_attributes" VALUES(17,8,'completed_rung_1','0.9410000000000001');
INSERT INTO "trial_system_attributes" VALUES(18,8,'completed_rung_2','0.9480000000000002');
INSERT INTO "trial_system_attributes" VALUES(19,9,'completed_rung_0','0.615');
INSERT INTO "trial_system_attributes" VALUES(20,11,'completed_rung_0','0.696');
INSERT INTO "trial_system_attributes" VALUES(21,12,'completed_rung_0','0.532');
INSERT INTO "trial_system_attributes" VALUES(22,13,'completed_rung_0','0.834');
INSERT INTO "trial_system_attributes" VALUES(23,14,'completed_rung_0','0.9550000000000001');
INSERT INTO "trial_system_attributes" VALUES(24,15,'completed_rung_0','0.9330000000000002');
INSERT INTO "trial_system_attributes" VALUES(25,15,'completed_rung_1','0.9410000000000002');
INSERT INTO "trial_system_attributes" VALUES(26,16,'completed_rung_0','0.756');
INSERT INTO "trial_system_attributes" VALUES(27,17,'completed_rung_0','0.9329999999999998');
INSERT INTO "trial_system_attributes" VALUES(28,18,'completed_rung_0','0.51');
INSERT INTO "trial_system_attributes" VALUES(29,20,'completed_rung_0','0.835');
INSERT INTO "trial_system_attributes" VALUES(30,21,'completed_rung_0','0.9129999999999999');
INSERT INTO "trial_system_attributes" VALUES(31,22,'completed_rung_0','0.8939999999999999');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','309.842');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.23033451318740847');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','295.228');
INSERT INTO "trial_user_attributes" VALUES(6,2,'val_loss','0.23425151193141938');
INSERT INTO "trial_user_attributes" VALUES(7,2,'round','15');
INSERT INTO "trial_user_attributes" VALUES(8,2,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,3,'seconds','24.346');
INSERT INTO "trial_user_attributes" VALUES(10,4,'seconds','24.127');
INSERT INTO "trial_user_attributes" VALUES(11,5,'seconds','290.832');
INSERT INTO "trial_user_attributes" VALUES(12,5,'val_loss','0.25707188248634344');
INSERT INTO "trial_user_attributes" VALUES(13,5,'round','18');
INSERT INTO "trial_user_attributes" VALUES(14,5,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(15,6,'seconds','270.481');
INSERT INTO "trial_user_attributes" VALUES(16,6,'val_loss','0.23922470045089722');
INSERT INTO "trial_user_attributes" VALUES(17,6,'round','17');
INSERT INTO "trial_user_attributes" VALUES(18,6,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(19,7,'seconds','237.402');
INSERT INTO "trial_user_attributes" VALUES(20,8,'seconds','256.356');
INSERT INTO "trial_user_attributes" VALUES(21,9,'seconds','23.719');
INSERT INTO "trial_user_attributes" VALUES(22,11,'seconds','22.084');
INSERT INTO "trial_user_attributes" VALUES(23,12,'seconds','79.608');
INSERT INTO "trial_user_attributes" VALUES(24,13,'seconds','23.622');
INSERT INTO "trial_user_attributes" VALUES(25,14,'seconds','257.959');
INSERT INTO "trial_user_attributes" VALUES(26,14,'val_loss','0.2635042979717255');
INSERT INTO "trial_user_attributes" VALUES(27,14,'round','15');
INSERT INTO "trial_user_attributes" VALUES(28,14,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(29,15,'seconds','256.541');
INSERT INTO "trial_user_attributes" VALUES(30,16,'seconds','23.239');
INSERT INTO "trial_user_attributes" VALUES(31,17,'seconds','86.856');
INSERT INTO "trial_user_attributes" VALUES(32,18,'seconds','23.344');
INSERT INTO "trial_user_attributes" VALUES(33,20,'seconds','25.921');
INSERT INTO "trial_user_attributes" VALUES(34,21,'seconds','88.263');
INSERT INTO "trial_user_attributes" VALUES(35,22,'seconds','267.322');
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
INSERT INTO "trial_values" VALUES(1,1,0,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,9.44000000000000172306e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,0.717,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,5.55999999999999938715e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,9.49000000000000176747e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,9.47000000000000285993e-01,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,9.47000000000000285993e-01,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,9.48000000000000175859e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,0.615,'FINITE');
INSERT INTO "trial_values" VALUES(10,11,0,0.696,'FINITE');
INSERT INTO "trial_values" VALUES(11,12,0,0.532,'FINITE');
INSERT INTO "trial_values" VALUES(12,13,0,0.834,'FINITE');
INSERT INTO "trial_values" VALUES(13,14,0,9.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,15,0,9.41000000000000169642e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,16,0,0.756,'FINITE');
INSERT INTO "trial_values" VALUES(16,17,0,9.32999999999999829469e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,18,0,0.51,'FINITE');
INSERT INTO "trial_values" VALUES(18,20,0,0.835,'FINITE');
INSERT INTO "trial_values" VALUES(19,21,0,9.12999999999999922728e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,22,0,8.93999999999999905853e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 03:47:40.223913','2026-11-27 03:52:50.147009');
INSERT INTO "trials" VALUES(2,1,1,'COMPLETE','2026-11-27 03:52:50.166776','2026-11-27 03:57:45.467278');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-27 03:57:45.481749','2026-11-27 03:58:09.881277');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 03:58:09.897146','2026-11-27 03:58:34.078408');
INSERT INTO "trials" VALUES(5,4,1,'COMPLETE','2026-11-27 03:58:34.096026','2026-11-27 04:03:25.032104');
INSERT INTO "trials" VALUES(6,5,1,'COMPLETE','2026-11-27 04:03:25.049793','2026-11-27 04:07:55.610317');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-27 04:07:55.621053','2026-11-27 04:11:53.066403');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 04:11:53.089386','2026-11-27 04:16:09.501327');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 04:16:09.517382','2026-11-27 04:16:33.293769');
INSERT INTO "trials" VALUES(10,9,1,'FAIL','2026-11-27 04:16:33.310556','2026-11-27 04:41:18.146815');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 04:41:18.166564','2026-11-27 04:41:40.330969');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 04:41:40.349423','2026-11-27 04:43:00.019290');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 04:43:00.037184','2026-11-27 04:43:23.725405');
INSERT INTO "trials" VALUES(14,13,1,'COMPLETE','2026-11-27 04:43:23.740946','2026-11-27 04:47:41.772139');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-27 04:47:41.790654','2026-11-27 04:51:58.391403');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 04:51:58.407201','2026-11-27 04:52:21.702318');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 04:52:21.718850','2026-11-27 04:53:48.642748');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-27 04:53:48.659348','2026-11-27 04:54:12.054737');
INSERT INTO "trials" VALUES(19,18,1,'FAIL','2026-11-27 04:54:12.085868','2026-11-27 05:24:24.917133');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 05:24:24.936870','2026-11-27 05:24:50.943230');
INSERT INTO "trials" VALUES(21,20,1,'PRUNED','2026-11-27 05:24:50.956615','2026-11-27 05:26:19.263900');
INSERT INTO "trials" VALUES(22,21,1,'PRUNED','2026-11-27 05:26:19.278638','2026-11-27 05:30:46.655996');
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
